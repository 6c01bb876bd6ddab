/** The announced surface's record (docs/policy.md section 7) from a decision, without audit_id. */
import type { AnnouncedRecordBody } from '../../../shared/schemas.js';
import { toAnnouncedStance } from '../../../shared/values.js';
import type { Decision } from './decide.js';
import { isoUtc, purposeVerdict } from './records.js';
import { announcedScore } from './scores.js';

export function announcedRecord(d: Decision): AnnouncedRecordBody {
  const { found, signals } = d;
  return {
    domain: d.evidence.domain,
    score: announcedScore(d.openness),
    stance: toAnnouncedStance(d.stance.stance),
    purposes: {
      training: purposeVerdict(d.verdicts.training),
      search: purposeVerdict(d.verdicts.search),
      rag: purposeVerdict(d.purposes.rag),
      browsing: purposeVerdict(d.purposes.browsing),
    },
    signals: {
      robots_txt: { found: found.robots_txt, blocks: d.lists.blocked.map((r) => r.name) },
      llms_txt: { found: found.llms_txt },
      ai_txt: { found: found.ai_txt },
      tdmrep: { found: found.tdmrep },
      agents_json: { found: found.agents_json },
      content_signals: {
        found: found.content_signals,
        training: signals.contentSignals.training,
        search: signals.contentSignals.search,
      },
    },
    conflicts: d.conflicts.map((c) => c.id),
    last_crawled: isoUtc(d.evidence.fetchedAt),
  };
}
