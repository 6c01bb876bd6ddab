/**
 * Visible text of an HTML document: tags dropped, the content of raw-text elements (`script`,
 * `style`, ...) skipped, one line per block (html/blocks.ts) so sentences of different
 * paragraphs stay apart. Linear, never throws.
 */
import { blocksToText, htmlBlocks } from './blocks.js';

/** Text of `html`, one line per block; at most `cap` characters of text. */
export function htmlToText(html: string, cap = 1024 * 1024): string {
  return blocksToText(htmlBlocks(html, cap));
}
