/**
 * The robots.txt parser and matcher live in shared/robots (issue 11 part 2, issue 15 item 1),
 * where the extension imports them too. This re-export only keeps server code written against
 * the old path compiling (main's proxy/crawler/limits.ts and robots-gate.ts and their tests);
 * new code imports shared/robots, and this file goes once those imports point there.
 */
export * from '../../../shared/robots/index.js';
