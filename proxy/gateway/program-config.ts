/**
 * The gateway program's configuration: the gateway's own settings (config.ts) and, in embedded
 * mode, the embedded service's (CRAWL_*, REFRESH_DAYS, RANKLIST_CSV...), each read by its own
 * side's loader from the one environment. main.ts and the tests start gateways from this.
 */
import type { Env } from '../lib/env.js';
import { loadServiceConfig, type ServiceConfig } from '../service/config.js';
import { loadGatewayOwnConfig, type GatewayOwnConfig } from './config.js';

export interface GatewayConfig extends GatewayOwnConfig {
  /** The embedded service's settings; null in remote mode (UPSTREAM_*). */
  service: ServiceConfig | null;
}

export function loadGatewayConfig(env: Env = process.env): GatewayConfig {
  const own = loadGatewayOwnConfig(env);
  return { ...own, service: own.upstream === null ? loadServiceConfig(env) : null };
}
