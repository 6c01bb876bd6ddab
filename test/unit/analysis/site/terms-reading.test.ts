/**
 * The terms reader clause by clause (docs/policy.md section 11): the two facts apart, lead-ins
 * carried into list items, permissions inside bans, what is not about reading the site, the
 * deciding clause and its section, typographic quotes, French, German and Spanish.
 */
import { describe, expect, it } from 'vitest';
import { htmlBlocks } from '../../../../proxy/analysis/html/blocks.js';
import { termsFromBlocks, termsFromText } from '../../../../proxy/analysis/site/terms-facts.js';

const html = (body: string) => termsFromBlocks(htmlBlocks(`<!doctype html><html><body>${body}</body></html>`));
const facts = (text: string): [string, string] => {
  const r = termsFromText(`Terms of Use\n\nWelcome to Example.\n\n${text}\n\nContact us with questions.`);
  return [r.ai.stance, r.automatedAccess.stance];
};

describe('termsFromText: one clause, two facts', () => {
  it.each([
    [
      'silent',
      'prohibits',
      'You may not use any robot, spider, scraper or other automated means to access the Services for any purpose.',
    ],
    [
      'prohibits',
      'silent',
      'Users shall not use the Content to train artificial intelligence or machine learning models.',
    ],
    ['prohibits', 'silent', 'Text and data mining of this website is prohibited.'],
    [
      'prohibits',
      'silent',
      'The publisher expressly reserves the right to use its content for text and data mining, pursuant to Article 4(3) of Directive (EU) 2019/790.',
    ],
    ['silent', 'restricts', 'You may not scrape or crawl the Site without our prior written consent.'],
    ['restricts', 'silent', 'Use of our content for AI training requires a licence from us.'],
    [
      'permits',
      'silent',
      'You may use publicly available content on this site to train AI models, provided you credit the source.',
    ],
    // Scraping only to feed AI: the ban on scraping reaches no further than that purpose.
    ['prohibits', 'restricts', 'You may not use robots or scrapers to collect content for training AI models.'],
    [
      'prohibits',
      'prohibits',
      'You may not scrape the Site. You may not use the Content to train any machine learning model.',
    ],
    ['silent', 'silent', 'These terms are governed by the laws of England. We may update these terms at any time.'],
  ])('AI %s, automated access %s: %s', (ai, access, text) => {
    expect(facts(text)).toEqual([ai, access]);
  });

  it('keeps the deciding clause of each fact, with its lead-in', () => {
    const r = termsFromText('You may use our AI features freely.\n\nYou may not use the content to train AI models.');
    expect(r.ai).toEqual({
      stance: 'prohibits',
      excerpt: 'You may not use the content to train AI models.',
      section: null,
    });
  });

  it('is unknown for empty text, and cuts excerpts to 400 characters around the clause', () => {
    expect(termsFromText('  ')).toEqual({
      ai: { stance: 'unknown', excerpt: null, section: null },
      automatedAccess: { stance: 'unknown', excerpt: null, section: null },
      namesAi: false,
      mention: null,
    });
    const long = `${'General provisions apply here '.repeat(30)}and you must not scrape this site${' under any circumstances'.repeat(20)}`;
    const r = termsFromText(long).automatedAccess;
    expect(r.stance).toBe('prohibits');
    expect(r.excerpt!.length).toBeLessThanOrEqual(400);
    expect(r.excerpt).toContain('must not scrape');
  });
});

// termsFromBlocks asks namesAi only of clauses TRIGGER finds: each form namesAi knows must be found by it.
it.each([
  'Ces conditions sont valables pour nos réseaux de neurones.',
  'Our GenAI features are offered to business customers.',
  'GAI outputs are labelled as such.',
  'The reservation of art. 4 of the EU Directive applies to this site.',
  'La mineria de textos es una técnica que no está permitida.',
  'La reserva del 67 bis es aplicable.',
  'Our AI2 assistant is there to answer questions.',
  'The L. 122-5-3 exception does not apply.',
])('tells that "%s" names AI', (text) => {
  const r = termsFromText(`Terms of Use\n\nWelcome to Example.\n\n${text}\n\nContact us with questions.`);
  expect(r.mention?.excerpt).toBe(text);
});

describe('clauses read with their lead-in and structure', () => {
  it('reads every item of a list under "You agree not to:" as a prohibition, and says so in the excerpt', () => {
    const r = html(
      '<h2>4. Use of the Services</h2><p>You agree not to:</p><ul><li>post spam;</li><li>use any robot, spider or scraper to access the Site;</li><li>use the content to train machine-learning models.</li></ul>',
    );
    expect(r.automatedAccess).toEqual({
      stance: 'prohibits',
      excerpt: 'You agree not to: use any robot, spider or scraper to access the Site;',
      section: '4',
    });
    expect(r.ai).toMatchObject({ stance: 'prohibits', section: '4' });
  });

  it('carries nested lead-ins and a permission route in the lead-in ("without our consent, you shall not:")', () => {
    const r = html(
      '<p>4.1 You may not harm the Services. Without our prior written consent, you shall not:</p><p>(1) resell the Services;</p><p>(2) use robots or spiders to scrape the Content;</p><p>4.2 Engaging in a prohibited use may result in penalties.</p>',
    );
    expect(r.automatedAccess).toMatchObject({ stance: 'restricts', section: '4.1' });
    expect(r.automatedAccess.excerpt).toBe(
      'Without our prior written consent, you shall not: (2) use robots or spiders to scrape the Content;',
    );
    const nested = html(
      '<p>You must not:</p><p>(a) resell;</p><p>(d) do any of the following without our prior written permission:</p><ol><li>send spam;</li><li>scrape any content;</li></ol><p>(e) crawl the Site.</p>',
    );
    expect(nested.automatedAccess.stance).toBe('prohibits');
    expect(nested.automatedAccess.excerpt).toBe('You must not: (e) crawl the Site.');
  });

  it('reads the items under a heading that names them banned ("Prohibited Uses") as banned, until the next heading', () => {
    const page = (heading: string, items: string) =>
      html(`<h1>Terms</h1><p>Welcome.</p><h2>${heading}</h2>${items}<h2>Contact</h2><p>Write to us.</p>`);
    for (const heading of [
      'Prohibited Uses',
      '7. Prohibited Activities',
      'Points that may lead to termination',
      "What you can't do",
    ]) {
      const r = page(heading, '<ul><li>Using robots or scrapers to access the site.</li></ul>');
      expect(r.automatedAccess.stance, heading).toBe('prohibits');
      expect(r.automatedAccess.excerpt, heading).toContain(heading);
    }
    expect(page('Prohibited Uses', '<p>Using robots or scrapers to access the site.</p>').automatedAccess.stance).toBe(
      'prohibits',
    );
    // Another heading, or one that names no ban, leads nothing.
    expect(
      page('Your account', '<ul><li>Using robots or scrapers to access the site.</li></ul>').automatedAccess.stance,
    ).toBe('silent');
  });

  it('reads an enumeration inside a paragraph with its lead-in', () => {
    expect(
      facts(
        'You may not do any of the following: (i) probe our systems; (ii) crawl or scrape the Services; (iii) resell them.',
      ),
    ).toEqual(['silent', 'prohibits']);
  });

  it('reads a permission inside a ban as restricting, not permitting', () => {
    expect(
      facts(
        'You may not use spiders or crawlers on the Site, except that operators of public search engines may use spiders to create search indices.',
      ),
    ).toEqual(['silent', 'restricts']);
    expect(
      facts(
        'We conditionally grant permission to crawl the Services in accordance with robots.txt, but scraping the Services without our prior written consent is prohibited.',
      ),
    ).toEqual(['silent', 'restricts']);
    // "Except as permitted in these Terms" names no way around the ban.
    expect(facts('Except as expressly permitted in these Terms of Use, you may not scrape any Content.')).toEqual([
      'silent',
      'prohibits',
    ]);
  });

  it('reads an express permission with its own conditions (robots.txt, rate limits) as permitting', () => {
    expect(
      facts(
        'Certain parts of this website may be crawled automatically. These parts are specified using robots.txt.\n\nRepeated automatic access to the APIs may not exceed the specified maximal access frequencies.',
      ),
    ).toEqual(['silent', 'permits']);
    // Alone, such a condition restricts.
    expect(
      facts('You may not access the Services by automated means in a manner that disregards our robots.txt.'),
    ).toEqual(['silent', 'restricts']);
  });

  it('does not read harvesting users’ data, bot accounts, fake views or malware as reading the site', () => {
    expect(
      facts(
        'You will not collect or harvest email addresses or other personal information about other users by automated means.',
      ),
    ).toEqual(['silent', 'silent']);
    expect(facts('You may not create accounts through bots or other automated means.')).toEqual(['silent', 'silent']);
    expect(
      facts('You shall not artificially increase the number of views of your videos using robots or botnets.'),
    ).toEqual(['silent', 'silent']);
    expect(facts('Do not upload viruses, bots, worms or other code that interrupts any computer system.')).toEqual([
      'silent',
      'silent',
    ]);
    // …but a clause that also bans reading the site is read.
    expect(
      facts(
        'You may not collect user information, or otherwise access the Services using automated means such as robots, without our permission.',
      ),
    ).toEqual(['silent', 'restricts']);
  });

  it("does not read the operator's own AI, licences granted to it, or a risk stated as a fact, as a rule on others", () => {
    expect(facts('We may use your content to train and improve our machine learning models.')).toEqual([
      'silent',
      'silent',
    ]);
    expect(
      facts(
        'You grant Example a licence to use your posts, including for training of our artificial intelligence models.',
      ),
    ).toEqual(['silent', 'silent']);
    expect(facts('Example will not use your content to train generative AI models.')).toEqual(['silent', 'silent']);
    expect(facts('You acknowledge that third parties may scrape your works without permission.')).toEqual([
      'silent',
      'silent',
    ]);
    expect(facts('You must not rely on AI-generated content without checking it.')).toEqual(['silent', 'silent']);
    // An operator's promise that binds others is a rule on them.
    expect(
      facts(
        "Example will not use, and will not permit others to use, any artist's music to train models without that artist's express permission.",
      ),
    ).toEqual(['restricts', 'silent']);
  });

  it('reads typographic apostrophes and quotes as plain ones', () => {
    expect(facts('You won’t use “robots” or scrapers on the Site.')).toEqual(['silent', 'prohibits']);
    expect(facts('Don’t use our articles to train AI models.')).toEqual(['prohibits', 'silent']);
  });

  it('does not read a cookie table as clauses, nor scripts and navigation', () => {
    const r = html(
      '<nav><a href="/">No robots allowed</a></nav><script>var rule = "You may not scrape";</script><table><tr><th>Cookie</th><th>Purpose</th></tr><tr><td>__cf_bm</td><td>Tells bots from humans; must not be removed.</td></tr></table><p>We welcome you.</p>',
    );
    expect([r.ai.stance, r.automatedAccess.stance]).toEqual(['silent', 'silent']);
  });

  it('joins a sentence cut by a line break, and reads a short label between a lead-in and its items as no clause', () => {
    expect(
      facts(
        'The user agrees not to (i) copy the code; (ii) extract data from the Platform by\n\nweb scraping or any robot.',
      ),
    ).toEqual(['silent', 'prohibits']);
    const r = html(
      '<p>You may not engage in these activities:</p><p><strong>Misuse of facilities</strong></p><ul><li>Engaging in automated uses of the sites that have not been approved by us;</li></ul>',
    );
    expect(r.automatedAccess.stance).toBe('restricts');
  });

  it('names the section: a number from the heading or the paragraph, else the heading text', () => {
    expect(html('<h2>Section 7 – Restrictions</h2><p>You may not scrape the Site.</p>').automatedAccess.section).toBe(
      '7',
    );
    expect(html('<h3>§ 11 Scraping</h3><p>Der Einsatz von Robots ist untersagt.</p>').automatedAccess.section).toBe(
      '11',
    );
    expect(
      html('<h2>No Scraping or Automated Access</h2><p>You may not crawl the Site.</p>').automatedAccess.section,
    ).toBe('No Scraping or Automated Access');
    expect(html('<p>Preamble.</p><p>You may not crawl the Site.</p>').automatedAccess.section).toBeNull();
  });

  it('reads French, German and Spanish terms', () => {
    expect(
      facts(
        "Il vous est interdit d'utiliser des robots pour procéder à une extraction automatisée de données (« scraping »).",
      ),
    ).toEqual(['silent', 'prohibits']);
    expect(
      facts(
        "Le membre s'engage à ne pas utiliser les contenus aux fins d'entraînement de modèles d'intelligence artificielle.",
      ),
    ).toEqual(['prohibits', 'silent']);
    expect(facts('Nous nous réservons tous nos droits pour lutter contre la fouille de textes et de données.')).toEqual(
      ['prohibits', 'silent'],
    );
    expect(facts('Der Einsatz von Data Mining, Robots, Grabbing und Scraping ist untersagt.')).toEqual([
      'silent',
      'prohibits',
    ]);
    expect(
      facts(
        'Die Inhalte dürfen ohne vorherige Zustimmung weder kopiert werden. Dies gilt auch für ein Kopieren durch Robot/Crawler-Technologien.',
      ),
    ).toEqual(['silent', 'restricts']);
    expect(facts('Sie dürfen bestimmte Teile dieser Webseite automatisiert herunterladen (crawlen).')).toEqual([
      'silent',
      'permits',
    ]);
    expect(
      facts(
        'Der Anbieter behält sich die Nutzung der Inhalte für Text- und Data-Mining nach § 44b UrhG ausdrücklich vor.',
      ),
    ).toEqual(['prohibits', 'silent']);
    expect(facts('Se prohíbe cualquier acción relacionada con el scraping o la minería de datos.')).toEqual([
      'silent',
      'prohibits',
    ]);
    expect(
      facts(
        'Queda prohibido utilizar los contenidos para entrenar modelos de inteligencia artificial sin autorización previa.',
      ),
    ).toEqual(['restricts', 'silent']);
    // "ai" is Italian and French for "to the"; "bot" begins "botón".
    expect(
      facts('Non è consentito, ai sensi della legge, modificare i contenuti. Pulse el botón para comprar.'),
    ).toEqual(['silent', 'silent']);
  });

  it('reads "data mining" beside robots as scraping, not AI; text and data mining as AI', () => {
    expect(
      facts('You may not use data mining, robots, or similar data gathering and extraction tools on this site.'),
    ).toEqual(['silent', 'prohibits']);
    expect(facts('You may not perform text and data mining on the Content.')).toEqual(['prohibits', 'silent']);
  });

  it('reads a 130 000-character document whole, quickly', () => {
    const filler =
      '<p>Subscriptions renew automatically each month unless you cancel before the renewal date, as described in the billing section of these terms.</p>'.repeat(
        900,
      );
    const doc = `${filler}<h2>31. Artificial intelligence</h2><p>You may not use the Content to train artificial intelligence models.</p>`;
    expect(doc.length).toBeGreaterThan(130_000);
    const started = performance.now();
    const r = html(doc);
    expect(r.ai).toMatchObject({ stance: 'prohibits', section: '31' });
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
