/**
 * Files in DATA_DIR that more than one program names. The gateway keeps its answer cache in
 * GATEWAY_CACHE_FILE; `npm run backup` (proxy/service/maintenance-cli.ts) copies it beside the
 * registry, so the name lives here, below both, rather than in the gateway.
 */
export const GATEWAY_CACHE_FILE = 'gateway-cache.sqlite';
