/**
 * Chooses a further held-out terms set (issue 34: `held-out-2`, `held-out-3`, `held-out-4` in
 * test/fixtures/terms-heldout/labels.json): terms-like documents from Open Terms Archive's and
 * ToS;DR's archives, at each archive's newest commit, from services that appear in none of the
 * sets already in the labelled set (test/fixtures/terms) or labels.json — so no version of any
 * text the reader was tuned on. Writes each chosen text to `<out>/<id>.<md|html>` and a selection
 * file (`<out>/selection.json`: id, lang, format, source, sha256, licence, attribution, the keyword
 * class it was drawn from), never a label: the labels are written from the texts by readers who
 * have not run the reader on them, before it is run.
 *
 * Kept: Terms of Service, Acceptable Use, Developer, Commercial, Marketplace Sellers, General
 * Conditions of Sale, Restricted Use and Parent Organization terms, 1,500 to 400,000 characters,
 * in English, French, German or Spanish (the language whose commonest words are most frequent),
 * one document per service and type, the same body counted once, none sharing more than a fifth
 * of its six-word runs with a seen text. Drawn with a fixed seed: those
 * naming AI, machine learning or text and data mining; those naming only robots, scraping or
 * automated means; those naming neither.
 *
 * Run: `npx tsx test/tools/select-terms-fresh.ts [--mirrors DIR] [--from archives|tosdr-corpus|text-archives|published-repos] [--manifests DIR] [--not-services-of selection.json] [--history] [--count N] [--seed N] [--shares AI,ACCESS] [out dir]`
 * (`held-out-2`: the defaults, with labels.json as at a13240d^; `held-out-3`: `--count 60 --seed 3
 * --shares 0,0.7`, with labels.json as at 66730a1^, held-out-2 in it, so its services and texts
 * count as seen; `held-out-4`: `--count 60 --seed 4 --shares 0,0.75` after held-out-3; TERMS_CORPUS_DIR
 * holding the texts of the sets before each, and no others, for the overlap check); from ToS;DR's
 * document store, `--from tosdr-corpus` with `--count 180 --seed 5 --shares 0.15,0.6` (held-out-5
 * and development-5, split by sha1(id) mod 2), then `--count 220 --seed 6 --shares 0,0.7` (-6),
 * `--count 110 --seed 7 --shares 0,0.7` (held-out-7), `--count 120 --seed 8 --shares 0,0.7`
 * (held-out-8), each once the sets before it were in labels.json and TERMS_CORPUS_DIR. Until
 * held-out-8 was drawn, a corpus path's service was read as "corpus", so services already in an
 * earlier ToS;DR set were not kept out by name, only their texts by the overlap check: one
 * document of such a service went into held-out-6, one into held-out-7, five into the draw of
 * held-out-8, which were dropped before its labels were committed. Those four draws are made
 * again with this file as it was at f154a28. held-out-9: `--count 260 --seed 10 --shares 0,0.7`
 * after held-out-8, then, by sha1(id) order, the first 70 naming only automated access and 30
 * naming neither among those whose services were not in 144 unlabelled documents the developer
 * had read the reader's decisions on (`--count 200 --seed 9`): 54 and 30 were left. held-out-10, after
 * held-out-9: from the archives `--count 90 --seed 11 --shares 0,0.7` (80 kept once Portuguese and
 * Italian were dropped: 55 naming only automated access, 25 neither), and from the store every
 * document left outside the services of those 200 and of the archives' draw (`--from tosdr-corpus
 * --count 2000 --seed 11 --shares 0,0.7`: 10 naming only automated access) and the first 4
 * naming neither in sha1(id) order: 94. held-out-11, after held-out-10: `--from text-archives
 * --not-services-of <the --count 200 --seed 9 draw's selection.json> --count 300 --seed 12 --shares
 * 0.3,0.5`, every document left (25: 15 English, 10 German); that draw made again with this file as
 * at 75fdfdd, TERMS_CORPUS_DIR holding the sets before held-out-9 (966 texts). held-out-12, after
 * held-out-11: the same with `--history --seed 13 --shares 0,0.7`, every document left (26).
 * held-out-13, after held-out-12: `--from published-repos --count 1000 --seed 14 --shares 0.3,0.5`,
 * every document left (73), the gatherers' manifests in `--manifests` (default
 * /work/corpus-data/gh-terms), TERMS_CORPUS_DIR holding the sets before it (1,195 texts).
 * held-out-14, after held-out-13: `--from published-repos --manifests /work/corpus-data/gh-terms-2
 * --count 1000 --seed 15 --shares 0.3,0.5`, every document left (25), the sets before it in
 * TERMS_CORPUS_DIR (1,268 texts). held-out-15, after held-out-14: `--manifests
 * /work/corpus-data/gh-terms-3 --count 1000 --seed 16 --shares 0.3,0.5` likewise, every document
 * left (64 of 184 gathered; 114 were versions of seen texts), the sets before it in
 * TERMS_CORPUS_DIR (1,293 texts). held-out-16, after held-out-15: `--manifests
 * /work/corpus-data/gh-terms-4 --count 1000 --seed 17 --shares 0.3,0.5` likewise, every document
 * left (22 of 52 gathered; 28 were versions of seen texts), the sets before it in TERMS_CORPUS_DIR
 * (1,357 texts). held-out-17, after held-out-16: `--manifests /work/corpus-data/gh-terms-5 --count
 * 1000 --seed 18 --shares 0.3,0.5` likewise, every document left (59 of 177 gathered; 108 were
 * versions of seen texts), the sets before it in TERMS_CORPUS_DIR (1,379 texts). held-out-18, after
 * held-out-17: `--manifests /work/corpus-data/gh-terms-6 --count 1000 --seed 19 --shares 0.3,0.5`
 * likewise, every document left (52 of 135 gathered; 74 were versions of seen texts), the sets
 * before it in TERMS_CORPUS_DIR (1,438 texts).
 * (archives as for build-terms-corpus.ts; out dir default /work/corpus-data/terms-fresh).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Archive → [id suffix, attribution its licence (ODC-BY 1.0) asks for]; snapshots first, so a
 * service archived both ways is taken as published. */
const REPOS: Record<string, [string, string]> = {
  'OpenTermsArchive/genai-eu-snapshots': ['genai-html', 'Open Terms Archive'],
  'OpenTermsArchive/dating-snapshots': [
    'dating-html',
    'Open Terms Archive with contributions from the Dating Privacy collective',
  ],
  'OpenTermsArchive/contrib-versions': ['c', 'Open Terms Archive contributors'],
  'tosdr/tosback-versions': ['tb', 'Office of the French Ambassador for Digital Affairs (ToS;DR ToSBack archive)'],
  'OpenTermsArchive/p2b-compliance-versions': ['p2b', 'Open Terms Archive with contributions from Open Evidence'],
  'OpenTermsArchive/france-versions': [
    'fr',
    'Open Terms Archive with contributions from UFC-Que Choisir and Office of the French Ambassador for Digital Affairs',
  ],
  'OpenTermsArchive/vlopses-us-versions': ['vl', 'Open Terms Archive Core Team and Open Terms Archive contributors'],
  'OpenTermsArchive/pga-versions': ['pga', 'Open Terms Archive contributors (Platform Governance Archive)'],
  'OpenTermsArchive/genai-eu-versions': ['genai', 'Open Terms Archive contributors'],
  'OpenTermsArchive/dating-versions': [
    'dating',
    'Open Terms Archive with contributions from the Dating Privacy collective',
  ],
  'OpenTermsArchive/genai-contrib-versions': ['gc', 'Open Terms Archive contributors'],
  'OpenTermsArchive/sante-numerique-france-versions': [
    'snf',
    'Open Terms Archive Core Team and Open Terms Archive contributors',
  ],
  'OpenTermsArchive/demo-versions': ['demo', 'Open Terms Archive Core Team and Open Terms Archive contributors'],
};
const TYPES: Record<string, string> = {
  'Terms of Service': 'tos',
  'Acceptable Use Policy': 'aup',
  'Developer Terms': 'dev',
  'Commercial Terms': 'commercial',
  'Marketplace Sellers Conditions': 'sellers',
  'General Conditions of Sale': 'gcs',
  'Restricted Use Policy': 'restricted',
  'Parent Organization Terms': 'parent',
};

/**
 * A second kind of source (`--from tosdr-corpus`): Sonu Gupta's "TOSDR Terms of Service Corpus"
 * (github.com/sonu-gupta/tosdr-terms-of-service-corpus, AGPL-3.0 at its newest commit, earlier
 * CC BY 4.0), about 12,000 documents as ToS;DR's document store keeps them: the text its crawler
 * took from each page, flattened into loose `<p>` and `<br>` markup, one file per service and
 * document, `corpus/html/<service>_<document name>.html`. Only terms-like names are taken.
 */
const TOSDR_CORPUS = 'sonu-gupta/tosdr-terms-of-service-corpus';
const TOSDR_TYPES: [RegExp, string][] = [
  [/^acceptable use( policy)?$/i, 'aup'],
  [/^(end[- ]user licen[cs]e agreement|eula)$/i, 'eula'],
  [/^user agreement$/i, 'ua'],
  [
    /^((website|site|general|platform|service|online|user) )?(terms( (of|and|&) (service|use|conditions|sale)( of (use|service))?)?|conditions of use|legal terms)$/i,
    'tos',
  ],
];

/**
 * A third kind of source (`--from text-archives`): terms kept as plain text by two archives
 * outside Open Terms Archive and ToS;DR's store. The CLAUDETTE corpus of Galassi, Lagioia,
 * Jabłonowska and Lippi (github.com/nlp-unibo/Multilingual-Unfair-Clause-Detection, CC BY 4.0):
 * 50 services' terms as copied from their pages in January 2021, one file per service and
 * language, `corpus/original_text/<lang>/<Service>.txt`; the English and the German ones are
 * taken (the German, its publisher's own version, is another text for the reader). And ToSBack 2
 * (github.com/pde/tosback2, GPL-2.0), the crawler EFF's TOSBack became, whose last crawls
 * (November 2020) stand on the repository's pull request 10: each page's text as its
 * `prettify.py` flattened it, `crawl/<domain>/<document name>.txt` (`crawl_reviewed/` likewise), one line per
 * sentence inside the page's `<p>`, `<b>` and `<li>` tags, read as HTML;
 * terms-like names only. The service is the file name, or the domain without `www.` and its
 * top-level domain. The 144 documents of ToS;DR's store the developer read the reader's decisions
 * on were not recorded by service: `--not-services-of` names the draw they came from (see above),
 * else every service named in the store is kept out. With `--history`, ToSBack 2's documents no
 * longer at that head are taken too, each at the last commit that had it (the paths of some 750
 * of its 1,060 services, most removed by a clean-up in October 2020).
 */
const TEXT_ARCHIVES: {
  repo: string;
  ref: string;
  abbr: string;
  /** `txt` for plain text, `html` for ToSBack 2's text, which keeps the page's paragraph,
   * bold and list tags around its lines. */
  format: 'txt' | 'html';
  licence: 'CC-BY-4.0' | 'GPL-2.0';
  attribution: string;
  /** [service, type code] of a path, or null when the path is not a terms-like text. */
  match: (path: string) => [string, string] | null;
}[] = [
  {
    repo: 'nlp-unibo/Multilingual-Unfair-Clause-Detection',
    ref: 'HEAD',
    abbr: 'cl',
    format: 'txt',
    licence: 'CC-BY-4.0',
    attribution:
      'Andrea Galassi, Francesca Lagioia, Agnieszka Jabłonowska, Marco Lippi, "Unfair clause detection in terms of service across multiple languages" (CLAUDETTE), Artificial Intelligence and Law, 2024',
    match: (path) => {
      const m = /^corpus\/original_text\/(en|de)\/([^/]+)\.txt$/.exec(path);
      return m ? [m[2]!, m[1] === 'en' ? 'tos' : 'tos-de'] : null;
    },
  },
  {
    repo: 'pde/tosback2',
    ref: 'refs/pull/10/head',
    abbr: 'tb2',
    format: 'html',
    licence: 'GPL-2.0',
    attribution: "ToSBack 2 (EFF's TOSBack, continued by ToS;DR), crawls of November 2020, github.com/pde/tosback2",
    match: (path) => {
      const m = /^crawl(?:_reviewed)?\/([^/]+)\/([^/]+)\.txt$/.exec(path);
      if (!m) return null;
      const typeCode = TOSDR_TYPES.find(([re]) => re.test(m[2]!.trim()))?.[1];
      const service = m[1]!.replace(/^www\./i, '').replace(/(\.co)?\.[a-z]{2,4}$/i, '');
      return typeCode === undefined ? null : [service, typeCode];
    },
  },
];

const args = process.argv.slice(2);
let from: 'archives' | 'tosdr-corpus' | 'text-archives' | 'published-repos' = 'archives';
/** Where `--from published-repos` finds its gatherers' manifests (manifest-*.jsonl). */
let manifests = '/work/corpus-data/gh-terms';
let mirrors = '/work/.mirror';
let count = 90;
let seedArg = 0x34f2e5;
/** The shares of texts naming AI and of texts naming only automated access; the rest name neither. */
let shares: [number, number] = [0.45, 0.4];
let out = '/work/corpus-data/terms-fresh';
/** Selection files (selection.json) whose services are kept out as seen. */
const notServicesOf: string[] = [];
let history = false;
for (let i = 0; i < args.length; i++) {
  const a = args[i]!;
  if (a === '--mirrors') mirrors = args[++i] ?? mirrors;
  else if (a === '--from') {
    const f = args[++i];
    from = f === 'tosdr-corpus' || f === 'text-archives' || f === 'published-repos' ? f : 'archives';
  } else if (a === '--manifests') manifests = args[++i] ?? manifests;
  else if (a === '--not-services-of') notServicesOf.push(args[++i] ?? '');
  else if (a === '--history') history = true;
  else if (a === '--count') count = Number(args[++i]);
  else if (a === '--seed') seedArg = Number(args[++i]);
  else if (a === '--shares') shares = (args[++i] ?? '').split(',').map(Number) as [number, number];
  else out = a;
}

const norm = (s: string): string => s.toLowerCase().replace(/[^a-z0-9]/g, '');
const slug = (s: string): string =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '')
    .slice(0, 24);

/** The service a source path names: an archive's folder, or the corpus file's name before its last "_". */
function serviceOf(path: string): string {
  const corpus = /^corpus\/html\/(.+)_[^_/]+\.html$/.exec(path);
  return corpus ? corpus[1]! : path.split('/')[0]!;
}

/**
 * A fourth kind of source (`--from published-repos`): terms that sites and apps publish from
 * their own GitHub repositories (a GitHub Pages site's `terms.md`, a `legal` repository's
 * `terms-of-service.md`), found by path with the file index and fetched whole; gatherers write
 * one manifest line per document (repository, path, commit, the SPDX id of its LICENSE file).
 * The service is the repository's name without a `-legal`, `-terms`, `-policy` … suffix, or
 * its owner where the name is only such a word or `<owner>.github.io`.
 */
function publishedService(repo: string): string {
  const [owner, name] = repo.split('/') as [string, string];
  const bare = name
    .toLowerCase()
    .replace(/\.github\.io$/, '')
    .replace(/[-_.]?(legal|terms|tos|policies|policy|privacy|docs|site|website|pages|web)$/g, '');
  return bare === '' ||
    bare === owner.toLowerCase() ||
    /^(legal|terms|tos|policies|docs|website|site|pages)$/.test(bare)
    ? owner
    : bare;
}

interface Known {
  id: string;
  source: { repository: string; path: string };
}
/** The service of a text already drawn: a published repository's by its name, else by path. */
const knownService = (t: Known): string =>
  t.id.endsWith('-gh') ? publishedService(t.source.repository) : serviceOf(t.source.path);
const seen = new Set<string>();
for (const file of ['../fixtures/terms/labels.json', '../fixtures/terms-heldout/labels.json']) {
  const { texts } = JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8')) as { texts: Known[] };
  for (const t of texts) seen.add(norm(knownService(t)));
}

for (const file of notServicesOf) {
  const drawn = JSON.parse(readFileSync(file, 'utf8')) as Known[];
  for (const t of drawn) seen.add(norm(knownService(t)));
}

// Texts the reader has seen: the labelled set's and the first held-out corpus's. A candidate
// sharing more than a fifth of its six-word runs with them is another version of one of them
// (OpenAI's terms are ChatGPT's, MSN's are Microsoft's services agreement), whatever its name.
const heldOutDir = process.env.TERMS_CORPUS_DIR ?? '/work/corpus-data/terms';
if (!existsSync(heldOutDir)) {
  console.error(`the first held-out corpus is needed at ${heldOutDir} (test/tools/build-terms-corpus.ts)`);
  process.exit(2);
}
const plainText = (text: string, format: string): string =>
  format === 'html' ? text.replace(/<(script|style)[\s\S]*?<\/\1>|<[^>]*>/gi, ' ') : text;
function runs(text: string): number[] {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  const out: number[] = [];
  for (let i = 0; i + 6 <= words.length; i++) {
    out.push(
      createHash('md5')
        .update(words.slice(i, i + 6).join(' '))
        .digest()
        .readUInt32LE(0),
    );
  }
  return out;
}
const seenRuns = new Set<number>();
const seenDirs = [fileURLToPath(new URL('../fixtures/terms/texts', import.meta.url)), heldOutDir];
for (const d of seenDirs) {
  for (const f of readdirSync(d)) {
    const format = f.endsWith('.html') ? 'html' : 'md';
    for (const r of runs(plainText(readFileSync(join(d, f), 'utf8'), format))) seenRuns.add(r);
  }
}
const overlap = (text: string): number => {
  const own = runs(text);
  return own.length === 0 ? 0 : own.filter((r) => seenRuns.has(r)).length / own.length;
};

const STOP: Record<string, RegExp> = {
  en: /\b(the|and|of|to|you|your|with|for|this|that)\b/g,
  fr: /\b(le|la|les|des|et|vous|pour|une|dans|sur)\b/g,
  de: /\b(der|die|und|das|sie|nicht|mit|für|von|ist)\b/g,
  es: /\b(el|los|las|del|y|usted|para|por|una|con)\b/g,
};
/**
 * Portuguese and Italian, which the count above takes for Spanish: checked after the draw (the
 * draw as first made is kept, so that the same archives give the same texts), and dropped.
 */
const NOT_SPANISH: Record<string, RegExp> = {
  pt: /(?<!\p{L})(?:não|você|uma|pelo|pela|dos|das|ao|às|são|também|seu|sua|com)(?!\p{L})/gu,
  it: /(?<!\p{L})(?:il|della|delle|degli|che|di|per|sono|essere|gli)(?!\p{L})/gu,
};
function spanishAfterAll(text: string): boolean {
  const sample = text.slice(0, 20000).toLowerCase();
  const es = sample.match(STOP.es!)?.length ?? 0;
  return Object.values(NOT_SPANISH).every((re) => (sample.match(re)?.length ?? 0) < es);
}
function language(text: string): string {
  const sample = text.slice(0, 20000).toLowerCase();
  let best = 'other';
  let most = 0;
  for (const [lang, re] of Object.entries(STOP)) {
    const n = sample.match(re)?.length ?? 0;
    if (n > most) [best, most] = [lang, n];
  }
  return most >= 40 ? best : 'other';
}

const AI =
  /\b(artificial intelligence|machine[- ]learning|language models?|LLMs?|generative AI|AI (?:models?|systems?|tools?|training)|text and data mining|TDM|intelligence artificielle|apprentissage automatique|fouille de textes|künstliche[rn]? Intelligenz|KI[- ]|Text- und Data-Mining|inteligencia artificial|aprendizaje automático|minería de textos)\b/i;
const ACCESS =
  /\b(robots?|spiders?|crawl(?:er|ers|ing)?|scrap(?:e|er|ers|ing)|automated (?:means|systems?|access|queries|processes)|data mining|araignées?|robots? d'indexation|moissonn|aspir|extraction automatis|Crawler|automatisiert|Bots?|rastreador|araña|automatizad)/i;

function gitDir(repo: string): string | null {
  const base = join(mirrors, repo.replace('/', '+'), 'repo');
  for (const d of [base, join(base, '.git')]) if (existsSync(join(d, 'HEAD'))) return d;
  return null;
}
const git = (dir: string, ...a: string[]): string =>
  execFileSync('git', [`--git-dir=${dir}`, ...a], { maxBuffer: 1 << 28, encoding: 'utf8' });

interface Candidate {
  id: string;
  lang: string;
  format: 'md' | 'html' | 'txt';
  sha256: string;
  source: { repository: string; path: string; commit: string; url: string };
  /** An archive's licence, or for a published repository the SPDX id of its LICENSE file
   * ('none' where it has none: the text is then not copied anywhere, only its address kept). */
  licence: string;
  attribution: string;
  drawn_as: 'ai' | 'access-only' | 'neither';
  body: Buffer;
}
const bodies = new Set<string>();
const perServiceType = new Set<string>();
const pool: Candidate[] = [];
let versions = 0;
let copies = 0;
const poolRuns = new Set<number>();
const missing: string[] = [];
/** Adds one document to the pool unless it is seen, a second of its service and type, not what
 * `accept` takes, out of range in size or language, another version of a seen text, or a body
 * already taken. */
function consider(
  repo: string,
  dir: string,
  commit: string,
  path: string,
  service: string,
  typeCode: string,
  format: Candidate['format'],
  idSuffix: string,
  licence: Candidate['licence'],
  attribution: string,
  accept: (text: string) => boolean = () => true,
): void {
  if (seen.has(norm(service))) return;
  const key = `${norm(service)}/${typeCode}`;
  if (perServiceType.has(key)) return;
  const body = execFileSync('git', [`--git-dir=${dir}`, 'show', `${commit}:${path}`], { maxBuffer: 1 << 28 });
  const text = body.toString('utf8');
  if (!accept(text) || text.length < 1500 || text.length > 400000) return;
  const plain = plainText(text, format);
  const lang = language(plain);
  if (lang === 'other') return;
  if (overlap(plain) > 0.2) {
    versions++;
    return;
  }
  // Published repositories copy one generator's template many times over: from that source, a
  // text sharing more than a fifth of its runs with one already in the pool is another copy.
  if (from === 'published-repos') {
    const own = runs(plain);
    if (own.length > 0 && own.filter((r) => poolRuns.has(r)).length / own.length > 0.2) {
      copies++;
      return;
    }
    for (const r of own) poolRuns.add(r);
  }
  const sha256 = createHash('sha256').update(body).digest('hex');
  if (bodies.has(sha256)) return;
  bodies.add(sha256);
  perServiceType.add(key);
  const id = `${slug(service)}-${typeCode}-${idSuffix}`;
  const url = `https://github.com/${repo}/blob/${commit}/${path.split('/').map(encodeURIComponent).join('/')}`;
  const drawn_as = AI.test(plain) ? 'ai' : ACCESS.test(plain) ? 'access-only' : 'neither';
  pool.push({
    id,
    lang,
    format,
    sha256,
    source: { repository: repo, path, commit, url },
    licence,
    attribution,
    drawn_as,
    body,
  });
}
/** Paths at HEAD; `quoted` keeps git's quoting of unusual names, as the archives' draws were made
 * (such a path matches no type, so those documents were never candidates). */
const listing = (dir: string, quoted: boolean, ref = 'HEAD'): string[] =>
  quoted
    ? git(dir, 'ls-tree', '-r', '--name-only', ref).split('\n').sort()
    : git(dir, 'ls-tree', '-r', '-z', '--name-only', ref).split('\0').filter(Boolean).sort();
if (from === 'text-archives') {
  const store = gitDir(TOSDR_CORPUS);
  const storeNames = new Set<string>();
  if (store === null) missing.push(TOSDR_CORPUS);
  else
    for (const path of listing(store, false))
      if (path.startsWith('corpus/html/') && path.endsWith('.html')) storeNames.add(norm(serviceOf(path)));
  if (notServicesOf.length === 0) for (const n of storeNames) seen.add(n);
  for (const a of TEXT_ARCHIVES) {
    const dir = gitDir(a.repo);
    if (dir === null || store === null) {
      missing.push(a.repo);
      continue;
    }
    const commit = git(dir, 'rev-parse', a.ref).trim();
    const atHead = listing(dir, false, a.ref);
    for (const path of atHead) {
      const m = a.match(path);
      if (m) consider(a.repo, dir, commit, path, m[0], m[1], a.format, a.abbr, a.licence, a.attribution);
    }
    if (history && a.abbr === 'tb2') {
      // Newest first: a path's first entry is its last change; a deletion's parent holds its last text.
      const last = new Map<string, string>();
      let at = '';
      for (const line of git(
        dir,
        'log',
        a.ref,
        '--format=C %H',
        '--name-status',
        '--',
        'crawl',
        'crawl_reviewed',
      ).split('\n')) {
        if (line.startsWith('C ')) at = line.slice(2);
        else if (line !== '') {
          const [status, ...paths] = line.split('\t');
          const path = paths[paths.length - 1]!;
          if (!last.has(path)) last.set(path, status!.startsWith('D') ? `${at}^` : at);
        }
      }
      const head = new Set(atHead);
      for (const [path, ref] of [...last].sort(([p], [q]) => p.localeCompare(q))) {
        const m = head.has(path) ? null : a.match(path);
        if (m) {
          const c = git(dir, 'rev-parse', ref).trim();
          consider(a.repo, dir, c, path, m[0], m[1], a.format, a.abbr, a.licence, a.attribution);
        }
      }
    }
  }
} else if (from === 'tosdr-corpus') {
  const dir = gitDir(TOSDR_CORPUS);
  if (dir === null) missing.push(TOSDR_CORPUS);
  else {
    const commit = git(dir, 'rev-parse', 'HEAD').trim();
    for (const path of listing(dir, false)) {
      const m = /^corpus\/html\/([^/\n]+)_([^/_\n]+)\.html$/.exec(path);
      if (!m) continue;
      const typeCode = TOSDR_TYPES.find(([re]) => re.test(m[2]!.trim()))?.[1];
      if (typeCode === undefined) continue;
      consider(
        TOSDR_CORPUS,
        dir,
        commit,
        path,
        m[1]!,
        typeCode,
        'html',
        'tc',
        'AGPL-3.0',
        "Sonu Gupta, TOSDR Terms of Service Corpus, from Terms of Service; Didn't Read (edit.tosdr.org)",
      );
    }
  }
} else if (from === 'published-repos') {
  // A file named terms.md is as often a glossary or a list of words: only a text that binds its
  // reader is taken.
  const BINDING =
    /\b(these terms|you agree|by (?:using|accessing)|ces conditions|diese[nr]? (?:Bedingungen|Nutzungsbedingungen)|estos términos)\b/i;
  // One line per document a gatherer found: {repo, path, commit, licence}.
  const entries = readdirSync(manifests)
    .filter((f) => /^manifest-.*\.jsonl$/.test(f))
    .sort()
    .flatMap((f) =>
      readFileSync(join(manifests, f), 'utf8')
        .split('\n')
        .filter((l) => l.trim() !== '')
        .map((l) => JSON.parse(l) as { repo: string; path: string; commit: string; licence?: string }),
    )
    .sort((a, b) => `${a.repo}/${a.path}`.localeCompare(`${b.repo}/${b.path}`));
  for (const e of entries) {
    const dir = gitDir(e.repo);
    if (dir === null) {
      missing.push(e.repo);
      continue;
    }
    const format = /\.html?$/i.test(e.path) ? 'html' : 'md';
    const typeCode = /terms[-_ ]?of[-_ ]?use|terms[-_ ]?and[-_ ]?conditions/i.test(e.path) ? 'tou' : 'tos';
    consider(
      e.repo,
      dir,
      e.commit,
      e.path,
      publishedService(e.repo),
      typeCode,
      format,
      'gh',
      e.licence ?? 'none',
      `${e.repo} on GitHub, as its owner publishes it`,
      (text) => BINDING.test(text),
    );
  }
} else {
  for (const [repo, [abbr, attribution]] of Object.entries(REPOS)) {
    const dir = gitDir(repo);
    if (dir === null) {
      missing.push(repo);
      continue;
    }
    const commit = git(dir, 'rev-parse', 'HEAD').trim();
    const format = abbr.endsWith('-html') ? 'html' : 'md';
    for (const path of listing(dir, true)) {
      const parts = path.split('/');
      if (parts.length !== 2) continue;
      const [service, file] = parts as [string, string];
      const type = file.replace(/\.(md|html)$/, '');
      if (!(type in TYPES) || !file.endsWith(`.${format}`)) continue;
      consider(repo, dir, commit, path, service, TYPES[type]!, format, abbr, 'ODC-BY-1.0', attribution);
    }
  }
}
// A German version counts only where its service's English one is in the pool: where that one
// was dropped as another version of a seen text, the service is seen.
if (from === 'text-archives')
  pool.splice(
    0,
    pool.length,
    ...pool.filter((c) => !c.id.endsWith('-tos-de-cl') || pool.some((e) => e.id === c.id.replace(/-de-cl$/, '-cl'))),
  );
if (missing.length > 0) console.error(`no git directory for: ${missing.join(', ')}`);

// Seeded shuffle (mulberry32), so the same archives give the same choice.
let seed = seedArg;
const random = (): number => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const shuffled = pool
  .map((c) => [random(), c] as const)
  .sort((a, b) => a[0] - b[0])
  .map(([, c]) => c);
const share: Record<Candidate['drawn_as'], number> = {
  ai: Math.round(count * shares[0]),
  'access-only': Math.round(count * shares[1]),
  neither: 0,
};
share.neither = count - share.ai - share['access-only'];
const chosen: Candidate[] = [];
const taken: Record<string, number> = { ai: 0, 'access-only': 0, neither: 0 };
// Non-English texts and published HTML first within each class, so the four languages and both
// formats are represented, then the rest in the shuffled order.
const order = [...shuffled].sort(
  (a, b) => Number(a.lang === 'en' && a.format === 'md') - Number(b.lang === 'en' && b.format === 'md'),
);
const perLang: Record<string, number> = {};
for (const c of order) {
  if (taken[c.drawn_as]! >= share[c.drawn_as]) continue;
  if (c.lang !== 'en' && (perLang[c.lang] ?? 0) >= Math.round(count / 8)) continue;
  chosen.push(c);
  taken[c.drawn_as]!++;
  perLang[c.lang] = (perLang[c.lang] ?? 0) + 1;
}
chosen.sort((a, b) => a.id.localeCompare(b.id));
const notRead = chosen.filter((c) => c.lang === 'es' && !spanishAfterAll(c.body.toString('utf8')));
console.log(`drawn, then dropped as Portuguese or Italian: ${notRead.map((c) => c.id).join(', ') || 'none'}`);
chosen.splice(0, chosen.length, ...chosen.filter((c) => !notRead.includes(c)));

mkdirSync(out, { recursive: true });
for (const c of chosen) writeFileSync(join(out, `${c.id}.${c.format}`), c.body);
writeFileSync(
  join(out, 'selection.json'),
  `${JSON.stringify(
    chosen.map(({ body: _body, ...rest }) => rest),
    null,
    2,
  )}\n`,
);
const tally = (f: (c: Candidate) => string, list: Candidate[]): string =>
  Object.entries(list.reduce<Record<string, number>>((acc, c) => ((acc[f(c)] = (acc[f(c)] ?? 0) + 1), acc), {}))
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
console.log(
  `versions of seen texts dropped: ${versions}${from === 'published-repos' ? `; copies of a text in the pool: ${copies}` : ''}`,
);
console.log(`pool: ${pool.length} (${tally((c) => c.drawn_as, pool)}; ${tally((c) => c.lang, pool)})`);
console.log(
  `chosen: ${chosen.length} (${tally((c) => c.drawn_as, chosen)}; ${tally((c) => c.lang, chosen)}; ${tally((c) => c.format, chosen)}) → ${out}`,
);
