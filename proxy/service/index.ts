/** The lookup service's public entry points: the gateway embeds it through these. */
export { createLookupService, type EmbeddedLookupService, type EmbeddedOptions } from './lookup-service.js';
export { createServiceApp, type ServiceAppDeps } from './http/app.js';
export { loadServiceConfig, type ServiceConfig } from './config.js';
export { crawlerOptions, serviceOptions, type ServiceParts, type ServiceSettings } from './service-options.js';
export type { LookupService, LookupServiceOptions, QueueLimits, SearchParams, ServiceStatus } from './api.js';
