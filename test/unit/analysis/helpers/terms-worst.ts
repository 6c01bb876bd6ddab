/**
 * Terms documents of a given size without sentence ends, the reader's worst cases (issue 34):
 * shared by the complexity test (terms-linear.test.ts) and `npm run bench -- terms`.
 */
const WORDS =
  'you agree that the service may change from time to time and that robots scrape content for training models';

const repeat = (bytes: number, sep: string): string =>
  Array.from({ length: Math.ceil(bytes / (WORDS.length + sep.length)) }, () => WORDS).join(sep);

export function worstCases(bytes: number): Record<string, { html: boolean; body: string }> {
  return {
    'one line of text': { html: false, body: repeat(bytes, ' ') },
    'hard-wrapped text': { html: false, body: repeat(bytes, '\n') },
    'one <p> per line': { html: true, body: `<p>${repeat(bytes, '</p><p>')}</p>` },
    '<br> lines': { html: true, body: `<p>${repeat(bytes, '<br>')}</p>` },
    'a lead-in and a megabyte of items': {
      html: false,
      body: `You may not do any of the following: ${repeat(bytes, '; use ')}`,
    },
  };
}
