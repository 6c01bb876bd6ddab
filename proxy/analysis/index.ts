/**
 * The analysis core's public face: classify(evidence) and the types around it. Pure: no
 * node:*, no network, no browser API (ARCHITECTURE "proxy/analysis").
 */
export { classify } from './classify/index.js';
export { RULES_VERSION } from './rules-version.js';
export type { Classification } from './classification.js';
export type {
  Evidence,
  EvidenceSource,
  FetchFailed,
  FetchRefused,
  FetchResponse,
  FetchResult,
  RobotsRuleRef,
} from './evidence.js';
