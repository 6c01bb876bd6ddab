/** robots.txt's lines by number, so a decision can quote the line behind it. */
import { clip } from './clip.js';

/** Looks up a robots.txt line by number, as the parser counted them (CR, LF and CRLF end a line). */
export class RobotsLines {
  private readonly lines: string[];
  constructor(text: string | null) {
    this.lines = text === null ? [] : text.split(/\r\n|\r|\n/);
  }
  text(line: number | null): string | null {
    return line === null ? null : clip(this.lines[line - 1]?.replace(/^\uFEFF/, ''));
  }
}
