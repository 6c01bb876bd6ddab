/**
 * The manifest's texts, as `__MSG_key__` references into `_locales` (wxt.config.ts) with their
 * English here, so the locales test checks them like every t() call (lib/i18n.ts).
 */
export const MANIFEST_MESSAGES = {
  extName: 'AI Policy Lens',
  extDescription:
    'Shows what the website you are on says about AI training, AI search and AI answers, and which AI bots it blocks.',
  actionTitle: 'AI Policy Lens',
  commandShow: 'Show the AI policy of this page',
} as const;

export const msgRef = (key: keyof typeof MANIFEST_MESSAGES): string => `__MSG_${key}__`;
