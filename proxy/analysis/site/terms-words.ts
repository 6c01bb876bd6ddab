/**
 * The words a terms reader looks for (docs/policy.md section 11), in English, French,
 * German and Spanish. Every pattern is bounded (no nested unbounded repetition), so a long
 * sentence costs linear time. Text is matched after typographic quotes and apostrophes are
 * made plain (plainQuotes), so "don’t" reads as "don't".
 */

/** Curly quotes and apostrophes as plain ones, one character for one so offsets stay put. */
export function plainQuotes(s: string): string {
  return s
    .replace(/[\u2018\u2019\u201a\u201b\u2032\u00b4`]/g, "'")
    .replace(/[\u201c\u201d\u201e\u201f\u00ab\u00bb\u2033]/g, '"');
}

/**
 * Any word of either subject: sentences without one are skipped cheaply. Everything namesAi
 * finds is found here too (it is asked only of clauses this finds).
 */
export const TRIGGER =
  /human (?:users?|visitors?|beings|readers) only|only (?:by|for) (?:humans|human (?:users?|visitors?|beings|readers))|intell?ig|\bmodels?\b|(?<![a-z\u00c0-\u024f])(?:ai|ia|ki|ml|llms?|genai|gai)(?![a-z\u00c0-\u024f])|\bA\.I\.|\bTDM\b|learning|lernen|aprendizaje|apprentissage|language model|modèles? de langage|sprachmodell|modelos? de lenguaje|generati|neural|neuronal|neurone|mining|fouille|miner[íi]a|art\. 4|67 bis|robot|spider|scrap|crawl|rastre|araña|indexier|bots?\b|automat|harvest|moissonn|aspir|extract|extrak|extracci|systematic|training loop|during training|train(?:ing)? on|non-human|machine[- ]translation|auslesen|grabbing|\bscripts?\b|44b|2019\/790|122-5-3|article 4|artículo 67/i;

// ---------------------------------------------------------------- AI use

/** Text and data mining, and its reservation under CDSM Directive (EU) 2019/790 Article 4 (and national laws: § 44b UrhG, L. 122-5-3 CPI, art. 67 bis TRLPI). */
export const TDM =
  /text[- ](?:and|or|&|und|y|et)[- ]data[- ]?mining|\bTDM\b|data mining exception|\b2019\/790\b|article 4\(3\)|art\. 4 of the EU Directive|fouilles? de textes|\bL\. ?122-5-3\b|text(?:-| und )data-?mining|\b44b\b|miner[íi]a de textos|\b67 bis\b/i;

/** AI and machine learning, spelled out (case-insensitive). */
const AI_WORDS =
  '(?:artificial[- ]intelligence|machine[- ]learning|machine[- ]translation (?:engines?|models?|systems?)|deep[- ]learning|neural (?:network|net)s?|(?:large )?language models?|generative (?:AI|artificial|models?|programs?|technolog\\w*|tools?|systems?)|foundation models?|intelligence artificielle|apprentissage (?:automatique|profond)|modèles? de langage|réseaux? de neurones|künstliche[rn]? intelligenz|maschinelle[sn]? lernen|sprachmodell\\w*|neuronale[rn]? netz\\w*|inteligencia artificial|aprendizaje (?:automático|profundo)|modelos? de lenguaje|redes neuronales)';
/** Abbreviations, matched in capitals only: "ai" is an everyday word in Italian and French, "ia" and "ki" elsewhere. */
const AI_ABBREVIATIONS =
  '(?<![A-Za-z\\u00c0-\\u024f])(?:AI|IA|KI|LLMs?|ML|GenAI|GAI)(?![A-Za-z\\u00c0-\\u024f])|\\bA\\.I\\.';
const AI_WORDS_G = new RegExp(AI_WORDS, 'gi');
const AI_ABBREVIATIONS_G = new RegExp(AI_ABBREVIATIONS, 'g');
/** Every mention of AI in `s`, in order. */
const aiMentions = (s: string): RegExpExecArray[] =>
  [...s.matchAll(AI_WORDS_G), ...s.matchAll(AI_ABBREVIATIONS_G)].sort((a, b) => a.index - b.index);
/** Whether `s` names AI at all (AI, machine learning, language models, text and data mining), in any role. */
const AI_NAMED = new RegExp(`${AI_WORDS}`, 'i');
const AI_ABBREVIATED = new RegExp(AI_ABBREVIATIONS);
export function namesAi(s: string): boolean {
  return TDM.test(s) || AI_NAMED.test(s) || AI_ABBREVIATED.test(s);
}
/** Making or improving a model: a verb or its noun, at the start of a word, some words before the AI object. */
const MAKE_BEFORE =
  /\b(?:train(?!ing data (?:used|employed|that (?:was|is|were) used)\b)|fine[- ]?tun|develop(?!ers?\b)|build(?!ers?\b)|improv|ground(?:s|ed|ing)?\b|teach|benchmark|evaluat|refin|ingest|(?:as )?(?:an? )?inputs? (?:to|for|into|of)\b|as part of any\b|data ?sets?\b|entra[iî]n|développ|amélior|concevoir|conception|alimenter|trainier|entwickl|optimier|verbesser|entren|desarroll|mejorar)[^.;:]{0,100}$/i;
/** …or the AI object followed by "training", "purposes", "datasets". */
const USE_AFTER =
  /^\S+[\s-](?:[\w-]+\s){0,3}?(?:training|development|purposes?|datasets?|entraînement|zwecke|entrenamiento|fines)\b/i;
/** AI as an instrument or a feature, not as what is made: "created using AI", "AI-generated", "AI features". */
const INSTRUMENT_BEFORE =
  /\b(?:using|(?<!\b(?:connection|conjunction) )with|by|via|through|par|mit|mediante|powered|generated|created|modified|assisted)\s+(?:[\w'’-]+\s+){0,2}$/i;
const FEATURE_AFTER =
  /^\S*?[- ](?:generated|powered|based|assisted|enabled|driven|features?|functionalit(?:y|ies)|outputs?|chatbots?|agents?)\b/i;
const MADE_AFTER_FEATURE = /^\S*?[- ](?:powered|based|driven|enabled)\s+(?:models?|systems?|platforms?)\b/i;
/**
 * Content used in AI technologies or services, the music industry's clause ("toute utilisation
 * des fichiers musicaux … en rapport avec des technologies ou des services d'intelligence
 * artificielle"; "use of any Content in connection with artificial intelligence technologies").
 */
const USE_IN_AI =
  /\b(?:en rapport avec|en lien avec|en relation avec|dans le cadre d['’]|dans|in connection with|in relation to|in conjunction with|im Zusammenhang mit|in Verbindung mit|en relación con|relacionad[oa]s? con)\s+(?:(?:des|les|de|du|any|the|der|die|den|mit|los|las|other)\s+)?(?:(?:technolog\w+|services?|systèmes?|systems?|outils?|tools?|applications?|plateformes?|platforms?|Technologien|Diensten?|Systeme\w*|tecnolog\w+|servicios|sistemas|herramientas)\s+(?:(?:ou|or|oder|o|y|et|and)\s+(?:des\s+|de\s+|d['’]|other\s+)?(?:technolog\w+|services?|systèmes?|systems?|outils?|tools?|applications?|Diensten?|servicios|sistemas)\s*)?)?(?:d['’]|de\s+|of\s+|der\s+|für\s+|based on\s+)?$/i;
const USE_WORD =
  /\b(?:use|uses|using|utilisation|utiliser|usage|exploitation|Nutzung|nutzen|Verwendung|verwenden|uso|usar|utilizar|utilización)\b/i;
/** The site or its content used for AI: "use it for machine learning", "using the content in artificial intelligence". */
const USE_FOR =
  /\b(?:use|uses|using|used)\b(?: (?:it|them|this|that|(?:the |our |any |such )?(?:[\w-]+ ){0,2}?(?:content|site|data|materials?|services?|information|dictionar\w+)))? (?:for|in) (?:(?:the )?(?:purposes? of |training |developing |building )?)?$/i;
/** "develop models that compete", "train models to generate", "train a model": a model made, without naming AI. */
const MODELS_MADE =
  /\b(?:(?<!\bpre-?)train|fine[- ]?tun|develop)\w*(?:,? (?:or |and )?(?:train|fine[- ]?tun|develop|improv|build|creat)\w*)*\s+(?:(?:a|an|any|the|new|other|such|your|its|their|similar|competing)\s+){0,2}(?:(?:algorithms?|databases?|datasets?|products?|tools?|systems?),? (?:or |and )?){0,3}(?:models?|(?:image|text|video|audio|speech|music) generation (?:products?|models?|services?|tools?))\b/i;

/** Where the clause speaks of AI use: text and data mining, or making or improving AI with the content; -1 when it does not. */
export function aiSubjectAt(s: string): number {
  const tdm = s.search(TDM);
  if (tdm >= 0) return tdm;
  for (const m of aiMentions(s)) {
    const before = s.slice(Math.max(0, m.index - 150), m.index);
    const after = s.slice(m.index, m.index + 40);
    // "training material … for AI powered models": a model made, though "powered" usually names a feature.
    const feature = FEATURE_AFTER.test(after) && !MADE_AFTER_FEATURE.test(after);
    if (INSTRUMENT_BEFORE.test(before) || feature) continue;
    if (MAKE_BEFORE.test(before) || USE_AFTER.test(s.slice(m.index, m.index + 60))) return m.index;
    if (USE_IN_AI.test(before) && USE_WORD.test(before)) return m.index;
    // "use it for machine learning, AI or as a basis for your machine translation".
    if (USE_FOR.test(before)) return m.index;
  }
  const distilled = s.search(DISTILL);
  if (distilled >= 0) return distilled;
  const made = s.search(MODELS_MADE);
  return made >= 0 ? made : s.search(HELD_OUT_TRAINING);
}

/**
 * Training on the part of a challenge's data kept for evaluation ("The test and private test splits are reserved for
 * evaluation only and must not be used in the training loop", "Using the test labels (`y_test`) during training
 * constitutes data leakage"): AI use of some of the content, the rest given for training.
 */
export const HELD_OUT_TRAINING =
  /\b(?:test|evaluation|validation|hidden|held-out|private)\b[^.;]{0,40}?\b(?:splits?|sets?|data|labels?)\b[^.;]{0,60}?\b(?:(?:in|during|for) (?:the )?training\b|training loop\b)|\btrain(?:ing)? on (?:the )?(?:[\w-]+ ){0,2}?(?:test|evaluation|validation|hidden|held-out|private) (?:data|labels?|splits?|sets?)\b/i;

/** Distilling a model's outputs or a service into another model is training one ("Decompile, distill, jailbreak … the Services"). */
const DISTILL =
  /\b(?:model |knowledge )?distill?(?:s|ed|ing|ation)?\b(?=[^.;]{0,160}\b(?:models?|outputs?|services?|AI)\b)|\b(?:models?|outputs?)\b[^.;]{0,40}\bdistill?(?:s|ed|ing|ation)?\b/i;

/** A ban on scraping only for AI ("scrape content to train AI models") limits scraping to that purpose. */
export const AI_PURPOSE =
  /\b(?:to (?:train|develop|build|fine-tune|improve)|for (?:the )?(?:training|development|purposes? of (?:training|developing))|pour (?:l['’])?(?:entraîn|développ)|zum (?:Training|Trainieren)|para (?:entrenar|desarrollar))\b/i;

/**
 * The operator speaking of its own AI, which says nothing about others' use of the site: its
 * training on users' content ("we may use your content to train our models"), licences granted
 * to it ("you grant X a licence…"), its promises ("Epic agrees … not to use"). A reservation of
 * rights is not this ("Roblox reserves the right to text and data mining").
 */
const OPERATOR_WE =
  /(?:^|[.!?:]\s+)(?:[\w,'’-]+\s+){0,4}?(?:we|nous|wir)\s|^[^.;]{0,60}\b(?:agree|instruct|acknowledge|understand|consent)\w*(?: and \w+)? that (?:we|nous|wir)\s/i;
const GENERIC_ACTORS =
  'You|Your|Users?|Members?|Visitors?|Customers?|Subscribers?|Third|Any|No|Each|All|The|This|These|Such|Licensees?|Authori[sz]ed|Institutional|Other|Use|Using|Do|Never|Please|If|When|In|For|Without|Except|Unless|Notwithstanding|To|As|By|On|At|Under|Our|It|They|Where|While|Subject|Certain|Some';
const ACTOR = `(?:^(?:[^,.]{0,60},\\s*)?|\\b(?:and|but|while|whereas)\\s+|(?:;|\\([a-z0-9]{1,3}\\))\\s+)(?!(?:${GENERIC_ACTORS})\\b)(?:[A-Z][\\w.&'’-]*\\s+){1,3}(?:\\([^)]{0,40}\\)\\s+)?`;
const OPERATOR_NAMED = new RegExp(
  `${ACTOR}(?:(?:(?:agrees?|also|only|itself|will|may|does|shall|can|might|not|never)(?:\\s+|,[^,]{0,80},\\s*)){1,4}(?:to\\s+|not to\\s+)?(?:use|train|process|license|licence|utili[sz]e|employ|leverage|improve|develop|offer|provide|make|share)\\b|(?:uses|trains|processes|licenses|utili[sz]es|employs|leverages|offers|provides|makes available)\\b)`,
);
const OPERATOR_GRANT =
  /\b(?:permit|allow|authori[sz]e)s? us to\b|\b(?:their|its) (?:own )?(?:[\w-]+ ){0,3}models?\b|\b(?:grants?|gives?|granting) (?:to )?(?:us|[A-Z][\w.&-]{1,30}(?: [A-Z][\w.&-]{1,30})?)\b[^.]{0,100}\b(?:licen[cs]e|right)|\bright for us\b|\blicen[cs]e (?:granted )?(?:to us )?to (?:use|process|exploit) (?:your|users?['’]?|customers?['’]?|members?['’]?) |\bour (?:own )?(?:[\w-]+ ){0,3}(?:models?|algorithms?)\b|\bmodèles? (?:[\w'’-]+ ){0,5}(?:internes?|de [A-Z]\w+)\b/;
export function operatorSpeaks(s: string): boolean {
  return OPERATOR_WE.test(s) || OPERATOR_NAMED.test(s) || OPERATOR_GRANT.test(s);
}
/** An operator's promise that still binds others: "will not permit others to use". */
export const OTHERS_BOUND =
  /\b(?:permit|allow|authori[sz]e)s? (?:others|third parties|anyone|any third party)\b|\b(?:do|does) not (?:grant|give) (?:you|users?)\b|\bne vous (?:concéd|accord|octroy)\w* aucun/i;
/** The users' own content or data, the object of the operator's promise ("Perplexity shall not use (or authorize third parties to use) Customer Content to train…"). */
export const USERS_OWN = /\b(?:customer|your|user|member)s?['’]? (?:content|data|inputs?)\b/i;

// ---------------------------------------------------------------- automated access

const TDM_GLOBAL = new RegExp(TDM.source, 'gi');

/** Robots, spiders, scrapers, crawlers, harvesting, automated means of reading the site. */
export const ACCESS =
  /\b(?:human (?:users?|visitors?|beings|readers)|humans) only\b|\bnon-human (?:users?|visitors?|agents?|traffic|access)\b|(?<!\b(?:created|written|made|generated|produced|authored) )\b(?:only|solely|exclusively) (?:by|for) (?:humans|human (?:users?|visitors?|beings|readers))\b|\brobots?\b(?![.-]?txt)|(?<![A-Za-z\u00c0-\u024f])bots?(?![A-Za-z\u00c0-\u024f])|botnets?|\bspider(?:s|ing|ed)?\b|\bscrap(?:e|es|ed|ing|ers?)\b|screen[- ]?scrap|\bcrawl(?:s|ed|ing|ers?)?\b|web[- ]?crawl|harvest(?:s|ed|ing|ers?)?\b|data[- ]mining|\bsystematic(?:ally)? (?:retriev|extract)\w*|\bmine\b|\bmining\b|data (?:gathering|extraction|collection)(?: (?:or|and) (?:gathering|extraction|collection))? (?:tools?|methods?|programs?)|\bdata extraction or gathering tools?\b|\bextract(?:s|ing)? (?:any )?(?:data|content) from (?:the|our) (?:[\w-]+ ){0,3}?(?:Services?|Site|Website|Platform|Products?)\b|automat(?:ed|ic|ically|ic(?:al)?) (?:(?:search|data|price|bulk|mass) )?(?:readouts?|means|tools?|systems?|software|scripts?|programs?|process(?:es)?(?!ing)|devices?|queries|(?:en|in)quiries|requests|access(?:es)?|methods?|agents?|consumers?|clients?|collection|retrieval|download\w*|extraction|use|abuse|misuse)|by (?:automated|automatic|programmatic) means|\b(?:download|access|retriev|scrap|crawl|quer)\w*\b[^.;]{0,60}?\busing (?:a |any )?scripts?\b|\bautomatically access\w*|\b(?:any|some|other) (?:form|kind|type|sort)s? of automation\b|\bautomated log-?ins?\b|\bautomated,? (?:[\w-]+,? (?:or |and )?){1,3}(?:means|devices)\b|in an automated (?:way|manner|fashion)|\((?:automated|automatic) or (?:otherwise|manual|not)\)|programmatically|offline readers?|headless browsers?|(?<!\bland )\bgrabbing\b|moissonnage|aspirat(?:ion|eurs?)|robots? d['’]indexation|extraction automatisée|\bextraction (?:du|des|de) (?:contenus?|données)\b|scraping|outils? de moissonnage|automatis(?:é|ée|és|ées) (?:de|des)? ?(?:moyens|outils|processus|systèmes)|moyens automatisés|\b(?:méthodes|outils|procédés|logiciels|programmes|systèmes|processus|dispositifs|scripts|techniques|moyens) (?:\w+ )?automati(?:sé|que)e?s?\b|\b(?:Roboter|Crawler|Spider|Scraper|Spidering)\b|automatisiert\w*|Data[- ]Mining|Datensammel|auslesen|auszulesen|\bscrapen\b|\barañas?\b|rastre(?:o|ador(?:es)?|ar)|herramientas automáticas|medios automatizados|consulta automatizada|minería de datos|recolección automatizada|extracción de datos/i;

/** Bots or tools as the means of misusing the service ("misuse of the Service through bots or other cheating tools"): a manner (MANNER), never a game's cheat (NOT_ACCESS). */
const MISUSE_THROUGH =
  '(?:misuse|abuse) of (?:the|our|this) (?:services?|site|website|platform|app)s? (?:through|by|with|using|via)';

/** Malicious code: what content that carries it lists beside it (spiders, extraction tools) is malware too. */
const MALWARE =
  '(?:viruses|virus|worms?|trojan\\w*|malware|malicious(?: (?:ro)?bots?)?|damaging|logic bombs?|cancel ?bots?)';

/**
 * Uses of bots or automation that are not reading the site, masked before looking for the
 * subject: harvesting users' personal data, creating accounts, faking engagement, cheating in
 * games, malware, orders placed by robots, content generated by bots, the operator's own tools.
 */
export const NOT_ACCESS: readonly RegExp[] = [
  /(?:collect|harvest|gather|obtain|disseminat|scrap|mine|mining|stor|assembl|extract|copy)\w{0,4}\b[^.;]{0,80}?\b(?:user ?names?|passwords?|e-?mail addresses|(?:tele)?phone numbers|personal(?:ly identifiable)? (?:information|data)|contact information|(?:information|data|profiles?)(?:,? including[^.;]{0,60}?,)?(?: from [^.;]{0,30}?)? (?:about|of|on|regarding)(?: or (?:about|of|on|regarding))? (?:[\w-]+ )?(?:users|members|visitors|people|persons?|others|parties)|personal (?:details|info)\b|\b(?:any|other|another) (?:users?|members?|people|persons?)['’]s?(?: \([^)]{0,120}\))? (?:personal )?(?:information|data|details)\b|user (?:information|data)\b|identify a person|profiles and information of others|personal information about)(?:(?!,? or otherwise\b|,? or (?:to )?(?:carry|use|engage|attempt|access|employ|run|launch|deploy|make)\b|\(including\b)[^.;]){0,200}/gi,
  TDM_GLOBAL,
  /\b(?:données personnelles|personenbezogene\w* Daten|datos personales)\b/gi,
  /(?<!\b(?:access|search)\w*\b[^.;]{0,30})\baccounts?\b(?:(?!\bor (?:collect|access|scrap|gather|harvest|copy|download|extract)|\bbut\b)[^.;]){0,80}?\b(?:automated|automatic|bots?|scripts?)\b(?:(?!,? or otherwise\b)[^.;]){0,80}|\b(?:automated|automatic|bots?|scripts?)\b[^.;]{0,80}?\b(?:create|creating|register|registering|open|opening|sign[- ]?up)\w*\b[^.;]{0,30}?\baccounts?\b|\bmultiple accounts\b/gi,
  /\b(?:artifici\w*(?!\s+intellig)(?<!intelligence\s+artifici\w*)|falsely|inflat\w+|inauthentic|fake|non-organic|increase the number of)\b[^.;]{0,250}|\b(?:views?|plays?|streams?|clicks?|impressions?|écoutes?)\b[^.;]{0,80}?\b(?:robots?|bots?|botnets?|scrapers?)\b|\b(?:robots?|bots?|botnets?)\b[^.;]{0,80}?\b(?:increas|inflat|boost)\w*\b[^.;]{0,30}?\b(?:views?|plays?|streams?|clicks?|impressions?)\b/gi,
  // Automation that sends a bot its commands ("Utilizing automated script engines to overload command parsing thresholds
  // (spamming)", a Discord bot's terms): not reading a site. Before the cheats' mask, which
  // takes "macros, or self-bots to send commands" from "Utilizing automated scripts, …".
  /\b(?:automat\w+|scripts?|macros?|self-?bots?)\b[^.;]{0,60}?\bto (?:send|spam|flood|overload|issue|trigger|execute|abuse)\b[^.;]{0,30}?\bcommands?\b[^.;]{0,60}/gi,
  // Password "mining" and cryptocurrency mining (before the cheats' mask, which takes "farming and plotting of
  // cryptocurrencies" with it).
  /\bpassword ["“”'‘’]?mining\b|\bmining\b[^.;]{0,40}?\b(?:crypto\w*|bitcoins?|ethereum|monero|coins?|tokens?)\b|\b(?:crypto\w*|bitcoins?)\b[^.;]{0,20}?\bmining\b|(?<!\bdata[- ])\bmining[- ](?:services?|functions?|software|applications?|pools?|rigs?)\b/gi,
  // Cheats and the bots named beside them ("operating the Services by using BOT, cheat tools"), malware and what it is sent with.
  new RegExp(
    `(?:\\b(?:ro)?bots?\\)?,? (?:or |and )?)?\\b(?:cheats?|hacks?|farming|mods|macros?|aimbots?)\\b(?:(?!\\b(?:web )?(?:crawl|spider|scrap))[^.;]){0,60}|\\b(?:contain\\w*|transmit\\w*|upload\\w*|introduc\\w*|distribut\\w*|post\\w*|send\\w*|spread\\w*|launch\\w*|host\\w*)\\b[^.;]{0,60}?\\b${MALWARE}\\b(?:(?!\\b(?:or |and )(?:automated |automatic )?(?:data )?(?:scraping|crawling|spidering|mining)\\b|,? \\((?:[ivx]{1,5}|[a-z]|\\d{1,2})\\) |,\\s*(?:or |and )?["“']?(?!including\\b)[a-z]+ing["”']? (?:any|the|a|an|our|its|to|content|data|information|unauthori[sz]ed)\\b)[^.;]){0,250}|\\b${MALWARE}\\b(?:,? (?:or |and )?(?:${MALWARE}|spyware|adware|time bombs?|horses?|bots?)\\b)*`,
    'gi',
  ),
  /\b(?<!\bin )(?:orders?|purchases?|commandes?|Bestellung\w*|pedidos?)\b(?! to\b)[^.;]{0,160}?\b(?:robots?|bots?|crawlers?|spiders?|automat\w+)\b[^.;]{0,300}/gi,
  /\b(?:generated|created|produced|written|posted) (?:automatically )?by (?:computers?|bots?|scripts?|machines?)\b[^.;]{0,20}|\bautomatically generated\b[^.;]{0,40}|\bautomated messages\b|\bscripting the creation of content\b/gi,
  /\bmining (?:suppliers?|compan\w+|sites?|industr\w+|operations?|exploration|activit\w+|rights?|concessions?|sector|areas?)\b[^.;]{0,100}|\b(?:crypto[- ]?(?:currenc(?:y|ies))?|bitcoins?|coins?)[- ]?mining\b|(?:\b(?:ro)?bots?,? (?:or|and) (?:other )?)?\bautomat\w+ (?:means|tools?|systems?|scripts?|software)(?: (?:or|and) (?:ro)?bots?)?(?: (?:through|via|on|in) (?:any|the|our|a) \w+)? to (?:(?:mass[- ]|bulk[- ])?(?:generate|create|produce|write) (?:or|and) )?(?:mass[- ]|bulk[- ])?(?:upload|post|publish|send|submit|distribute|comment|like|share|promote|participate|enter|vote|perform (?:social )?interactions?)\b[^.;]{0,80}/gi,
  /\b(?:we|our|nous|wir)\b(?:(?!\b(?:you|your|vous|Sie)\b)[^.;:]){0,60}?\b(?:use|uses|employ|apply|utilisons|nutzen|setzen)\b[^.;:]{0,40}?\bautomat\w+[^.;]{0,60}/gi,
  // Bots that write to other members, not that read the site: "Do not use robots … when using the Application to contact other Members".
  /\b(?:robots?|bots?)\b[^.;]{0,150}?\bwhen (?:using [^.;]{0,40}? to )?contact(?:ing)? (?:other )?(?:users|members)\b/gi,
  // The AI Act's banned practice, scraping the internet for faces: not reading this site. "Model
  // scraping" is distilling a model's outputs (AI use), not reading the site.
  /\buntargeted scraping\b[^.;]{0,80}|\bmodel scraping\b/gi,
  // The service's own scraping feature, used on other sites ("use the Playwright web scraping workflow to harvest…"),
  // and a bot that is the product itself ("please do not use the Bot", "l'intégrité du bot", "Cakey Bot's website",
  // "Einstein Bots", "Bot Labs"): not reading this site.
  /\b(?:the|our|this|its|a|your) (?:[\w-]+ ){0,2}?scraping (?:workflows?|features?|functionality|modules?|jobs?|integrations?|capabilit(?:y|ies))\b/gi,
  /\b(?:[Tt]he|[Tt]his|[Oo]ur) (?:(?:[A-Z][\w-]*|hosted|official|invited|added|installed) )?[Bb]ot(?:['’]s)?\b|(?<=[\w,] )Bot(?= (?:output|responses?|commands?|features?|replies|messages?|functionality)\b)|\b(?:THE|THIS|OUR)(?: [A-Z]+)? BOT\b|\b(?!(?:Web|Spam|Search|Bad|Malicious|Social|Any|No|The|A|An|Use|Using|Or|And)\b)[A-Z][\w-]* Bots?\b|\bBot (?=[A-Z])|\b(?:du|le|ce|notre|del|el|este|nuestro) [Bb]ot\b/g,
  // Robots doing a worker's task ("you will not use robots, scripts … as a substitute for your human intelligence … to
  // perform Tasks"): not reading the site.
  /\b(?:ro)?bots?\b[^.;]{0,80}?\bas a substitute for (?:your )?human\b[^.;]{0,120}/gi,
  // Bots that play a game for you ("bots, scripts, auto-refreshers … designed to play the game for you").
  /\b(?:bots?|scripts?)\b[^.;]{0,80}?\bto play (?:the |a )?games?\b/g,
  // A host's rules for the customer's own server ("You may use your server for any legitimate Minecraft purpose. The
  // following are strictly prohibited: … Running automated bots that abuse our infrastructure"): bots run there, not
  // reading the site.
  /\buse your (?:own )?(?:[\w-]+ )?(?:servers?|VPS|VMs?|hosting (?:accounts?|plans?))\b[^]{0,300}/gi,
  // Software run on what the customer rents ("Running unrelated scripts, bots, or software on a dedicated game egg is
  // strictly prohibited", a game-server host): not reading the site.
  /\brun(?:s|ning)? (?:[\w-]+,? ){0,4}?(?:scripts?|bots?|robots?|crawlers?|scrapers?|miners?)\b(?:,? (?:or|and) [\w-]+){0,3}[^.;]{0,30}?\bon (?:a |an |the |your |any )?(?:dedicated |shared |rented )?(?:game |Minecraft |Discord )?(?:servers?|eggs?|instances?|VPS|VMs?|containers?|nodes?)\b/gi,
  // Automated means that sway votes or rankings ("do not use automated means to influence the counts").
  /\b(?:automated|automatic|bots?|scripts?)\b[^.;]{0,40}?\bto (?:influence|manipulate|rig|skew|game|alter|boost) (?:the )?(?:[\w-]+ )?(?:counts?|votes?|voting|rankings?|ratings?|results?|polls?|scores?|leaderboards?)\b/gi,
  // Bots that post, messages and calls sent by automation, automated systems that talk to people, downloads a page
  // starts: not reading the site.
  /\b(?:send|sends|sending|place|places|placing|make|makes|making) (?:[\w-]+ ){0,2}?(?:messages?|e-?mails?|texts?|SMS|calls?) (?:via|by|through|using|with)\b[^.;]{0,40}?\b(?:automated|automatic|auto-?dialers?|scripts?|bots?)\b[^.;]{0,80}|\b(?:IRC\)?|chat|Discord|Telegram|Slack|game|trading) ?bots?\b|\bautomated (?:content )?posting\b[^.;]{0,40}|\b(?:bots?|scripts?|programs?|RSS readers?)\b[^.;]{0,60}?\b(?:that|which|to) (?:automatically )?(?:(?:post|publish|upload)s?|sends? (?:content|messages?|posts?|e-?mails?|comments?))\b[^.;]{0,80}|\bautomated (?:systems?|agents?)\b[^;]{0,40}?\b(?:disclose|interact\w*|chatbots?)\b[^.;]{0,80}|\b(?:contain|contains|trigger|triggers|initiate|initiates)\b[^.;]{0,80}?\bautomatic downloads?\b/gi,
  // "Mining" as a title before a capital ("Mining Suppliers should not…"): case matters, so apart
  // from the patterns read in any case ("Mining the Services" is data mining).
  /^Mining (?=[A-Z])/g,
  // Automatic systems that generate visits or clicks: inflating traffic, not reading the site
  // ("Use robots or other automated means to increase traffic to any Virtual Land").
  /\b(?:automat\w+|(?:ro)?bots?|spiders?|scripts?) [^.;]{0,40}?\b(?:for|to) (?:generat|inflat|increas|produc)\w* [^.;]{0,20}?\b(?:visits|clicks|views|traffic|impressions|hits)\b[^.;]{0,80}/gi,
  // Automated queries sent through a product to other sites, crypto-currencies mined, bots as traffic sources or cheating
  // aids, information exposed to crawlers: not reading the site.
  /\b(?:control|play)\w* (?:the )?games?\b[^.;]{0,80}|\baddress(?:es)? obtained (?:via|through|by)\b(?:\b(?:e\.g|i\.e)\.|[^.;])*|\b(?:ro)?bot["'”’]? players?\b|\bcontroll?\w* (?:a |any )?bot ?nets?\b|\bhost(?:s|ing)? [^.;]{0,80}\b(?:botnets?|grabbing)\b|\brun\w* any (?:type|kind) of (?:web )?(?:spiders?|crawlers?|indexers?)\b[^.;]*|\b(?:automat\w+|bots?|robots?|scripts?)\b[^.;]{0,80}?\bto (?:earn|accumulat\w*|gain|collect) (?:any )?(?:points|rewards|credits|coins)\b|\b(?:may|will|can) automatically download\b[^.;]*|\bautomatic (?:downloads|updates)\b|\b(?:currenc(?:y|ies)|coins?)\b[^.;]{0,15}\bmining\b|\bautomatic download of (?:software|files|programs|malware|viruses)\b[^.;]*|\b(?:CPU|GPU)[- ]mining\b|\b(?:Google|search engines?)\b[^.;]{0,30}\bspiders?\b[^.;]{0,30}\b(?:can(?:no|')t|cannot)\b[^.;]{0,20}|\btraffic\b[^.;]{0,30}\bbots?\b|\bautomated queries to (?:Internet |third[- ]party |other )?(?:URLs|websites|sites)\b|\bmining (?:or \w+ )?of (?:crypto\w*|bitcoins?)\b|\b(?:bots?|proxies)\b[^.;]{0,60}\btraffic\b[^.;]{0,60}|\b(?:bots?|programs?)\b[^.;]{0,100}?\bunfair advantage\b|\bexpos(?:e|es|ing)\b[^.;]{0,250}|\bbot (?:feature|functionality)\b[^.;]*|\bautomated means to perform any step of the posting process\b|\b(?:speaking|talking|chatting|communicating) (?:with|to) an? (?:chat)?bot\b|\bpost\w*\b[^.;]{0,60}?\busing (?:any )?automat\w+ \w+/gi,
  // Bots used to earn points or rewards; spiders run on the host's servers; the harvesting of personal information, however worded.
  /\bearn\w* (?:any )?(?:points|rewards|credits|coins)\b[^.;]{0,150}|\b(?:run|host|operate)\w* (?:any (?:type|kind) of )?(?:web )?(?:spiders?|crawlers?|indexers?|bots?|robots?)\b(?: or (?:web )?(?:spiders?|crawlers?|indexers?|bots?|robots?))*[^.;]{0,20}?\bon (?:shared |our |the |your )?(?:servers?|hosting)\b|\b(?:personal (?:information|data)|e-?mail(?: address)?|user) (?:harvesting|scraping|mining)\b/gi,
  // Bots a customer hosts on the service, and automated queries against others' services: not reading the site.
  // "it is not allowed to use the service to host robots and bots", "interfere with … the services of any third parties by overburdening … through automated queries",
  // a host's customers scraping others' sites ("Access a third-party web property for the purposes of web scraping …
  // and obey the robots exclusion standard (also known as the robots.txt standard), including the crawl-delay
  // directive", Heroku: to the sentence's end, past ";" and the stop in "robots.txt").
  /\bhost(?:s|ing)? (?:any )?(?:robots?|bots?|crawlers?|spiders?|scrapers?)\b(?: (?:and|or) (?:robots?|bots?))?|\b(?:services?|networks?|systems?|servers?|websites?|sites?) of (?:any )?third[- ]part(?:y|ies)\b[^.;]{0,200}|\b(?:access|scrap|crawl)\w* (?:a |any |the )?third[- ]party (?:web ?(?:propert(?:y|ies)|sites?|pages?)|websites?|sites?)\b(?:[^.]|\.(?=\w)){0,400}/gi,
  // Bots as a way to cheat or deceive (a redemption, a promotion), not to read the site.
  // Bots that misuse the service itself ("misuse of the Service through bots or other cheating tools") are its manner.
  new RegExp(
    `(?<!\\b${MISUSE_THROUGH} (?:any )?)\\b(?:bots?|robots?|programs?|scripts?)\\b[^.;]{0,100}?\\b(?:decepti\\w+|fraud\\w*|manipulat\\w+|cheat\\w*|abuse (?:our|the) system)\\b`,
    'gi',
  ),
  // The operator's own moderation tools: "Mistral AI may use automated tools … to assist with the detection … of Your Data",
  // "Jeeng may … monitor User Content … including through automatic means", "We use tools to identify … web scraping".
  /\bmonitor\w*\b[^.;]{0,120}?\b(?:through|by|with|using) automat\w+ (?:means|tools?|systems?|processes)\b|\b(?:we|our)\b[^.;]{0,30}?\b(?:use|uses|employ)\b[^.;]{0,20}?\btools? to (?:identify|detect|prevent|block|monitor)\b[^.;]{0,100}/gi,
  // Customers' own sites ("so-called scraper sites" on a host), the operator's right to crawl a partner's pages, a device setting.
  /\b(?:content|information|posts?|profiles?)\b[^.;]{0,40}?\b(?:you )?(?:make|made|post|posted|share|shared) (?:public|publicly)\b[^.;]{0,160}|\bscraper sites?\b|\bgrants? (?:to )?(?:us|[A-Z][\w.&-]+)(?: and (?:its|our) (?:affiliates|subsidiaries))? (?:the|a) (?:right|licen[cs]e|permission) to (?:access|index|cache|crawl)[^.;]{0,120}|\bautomatic(?:ally)? downloads? (?:option|setting|feature)s?\b/gi,
  /\bautomat\w+ (?:tools?|systems?|means|processes|technolog\w+)\b[^.;]{0,80}?\bto (?:assist with (?:the )?|help )?(?:detect|identif|moderat|screen|filter|enforce|analy[sz])\w*[^.;]{0,80}|\bautomated tools used for (?:this|that|these) purposes?\b/gi,
  // Filling forms by script is not reading the site: "Using your browser's autofill tool or any other automated means to enter required information".
  /\bautofill\b[^.;]{0,80}|\bautomat\w+ (?:means|tools?|software) to (?:enter|fill|complete|redeem)\b[^.;]{0,60}/gi,
  /\bskin crawl\b|\b(?:created|generated|produced) by an? (?:automated )?(?:programm?e|program|software)\b/gi,
  // Bots that make traffic, ad requests, leads or clicks; a page that downloads by itself; pop-ups that screen-scraping
  // triggers: advertising, not reading the site ("seek to generate web traffic … by: … hitbots", "Ad Requests generated
  // automatically or by bots", "Your site must not attempt to automatically download files", "Pop-up … advertising …
  // based on keyword searches, textual triggers, or screen-scraping").
  /\b(?:generat|inflat|increas|driv)\w* (?:web |site |artificial |fake |fraudulent )?traffic\b(?:[^.;:]{0,150}:[^;]*|[^.;]{0,80})|\b(?:ad requests?|leads|conversions|installs)\b[^.;]{0,40}?\b(?:generated|produced|made)\b[^.;]{0,20}?\b(?:automatically|by (?:ro)?bots?|by scripts?)\b[^.;]{0,40}|\b(?:sites?|pages?|websites?|ads?|banners?) (?:must|may|shall|should|will|can)(?: not|not)? (?:\w+ )?(?:attempt\w* to )?automatically (?:download|install)\w*\b[^.;]*|\bpop-?(?:up|under)s?\b(?= (?:or pop-?(?:up|under)s? )?(?:ad|advertis|window))[^.;]{0,250}/gi,
  // The operator crawling a customer's own host or site ("Dynu Systems may crawl or otherwise monitor the external
  // interfaces of the host computer used by you"; not "you may not crawl … your website"), a channel using bots (IRC: "Any channel found to be using a "bot" …"),
  // a referral programme's rules (its "automated systems or bots through any channel to distribute" is the posting
  // mask's), a captcha's "We do not like robots".
  /\b(?!you\b)[\w.&-]+ (?:may|will|can) (?:\w+ )?(?:crawl|scan|monitor)\w*\b[^.;]{0,80}?\b(?:used by you|of yours|your (?:host|server|computer|systems?|site|website|network|domain))\b[^.;]*|\bchannels? (?:\w+ ){0,4}?using (?:an? )?"?(?:ro)?bots?\b[^.;]{0,80}|\breferral (?:links?|codes?|programs?|programmes?)\b[^.;]{0,150}|\b(?:do not|don't) like (?:ro)?bots\b/gi,
  // Mailing lists scraped elsewhere ("contact lists that are bought, rented or scraped from third-parties").
  /\b(?:contact|e-?mail|mailing|address) lists?\b[^.;]{0,60}?\b(?:scrap|harvest|crawl|min)\w*/gi,
];

/** Passages quoted at length (a change log quoting old wording) are not rules; quoted words ("robot") are kept. */
export const LONG_QUOTE = /(?<![\p{L}\p{N}])"(?=\S)[^"]{40,600}(?<=\S)"/gu;

/** Masks every phrase of `patterns` in `s` with spaces (offsets stay put). */
export function mask(s: string, patterns: readonly RegExp[]): string {
  let out = s;
  for (const re of patterns) out = out.replace(re, (m) => ' '.repeat(m.length));
  return out;
}

/**
 * Conditions on the manner of automated access, not on access itself: follow robots.txt, do
 * not circumvent blocks, keep within rate limits, do not overload. They restrict a ban; beside
 * an express permission they are that permission's conditions.
 */
export const MANNER = new RegExp(
  `${/\bin (?:a|any) (?:manner|way) that\b|\bidentif(?:y|ies) (?:itself|yourself|themselves)\b|\buser[- ]agent\b|\bcauses? harm\b|\bdeceiv|robots\.txt|robots? exclusion|exclusion(?:ary)? protocols?|circumvent(?! the navigational structure)|bypass|disregard|\bignor(?:e|es|ing)\b|contourn|umgeh|eludir|rate limits?|throttl|\bexceed|überschreit|dépass|exced|(?:maximal|maximum) (?:access )?(?:frequenc|rate)|Zugriffshäufigkeit|unreasonable (?:or disproportionately large )?load|disproportionately large load|overburden|\bburden\b|\bexcessive\b|\bhigh[- ]volume\b|\bthan a (?:person|human(?: being)?|user) (?:can|could) reasonably\b|\bthan (?:is )?reasonably (?:possible|practicable|feasible) for a (?:person|human(?: being| user)?|user)\b|overload|\bdisrupt|interfer(?:e|es|ing) with|\b(?:shortcut|alter)s? (?:or (?:shortcut|alter)s? )?(?:[\w-]+ ){0,2}functions?\b|\bdegrad(?:e|es|ing)\b|\b(?:negatively|adversely) (?:impact|affect)(?:s|ing)?\b|\bto abuse (?:the|our|this)\b|\b(?:that|which) abuses? (?:the|our|this)\b|\bbeyond (?:ordinary|normal|reasonable|personal|typical) (?:[\w-]+ )?(?:use|usage)\b|\bat (?:large |massive )?scale\b|\bin (?:violation|breach|excess) of (?:(?:the|our|any|its|your|applicable) )?(?:rate |usage |API |request )?limits\b|\babusive (?:scraping|crawling)\b|\b(?:scraping|crawling) abusi(?:vo|va|f|ve)\b|beeinträchtig|surcharg/i.source}|\\b${MISUSE_THROUGH}\\b`,
  'i',
);

/** A ban whose reach is limited to some content or purposes: content marked "noai", competing models, a named purpose. */
export const SCOPED_AI =
  /\bno ?ai\b|noimageai|models?(?: or (?:products|services))? (?:that|which) compete|competing (?:[\w-]+ ){0,3}models?|\bin (?:direct or indirect |direct |indirect )?competition with\b/i;
/** A ban on AI use only to make competing products ("train any image generation product that competes"), after the AI subject: scoped, for AI use only. */
export const COMPETING_PRODUCT =
  /\b(?:products?|services?|tools?|technolog(?:y|ies)) (?:that|which) compete|\b(?:similar or )?competing (?:products?|services?|offerings?)\b|\bsubstantially similar (?:products?|services?)\b|\b(?:provide|provides|offer|offers) an? (?:substantially )?similar\b/i;
/** A model made to copy the service ("an AI assistant or model intended to replicate Curator"): a name in capitals, so case matters. */
export const REPLICA = /\b(?:[Rr]eplicat(?:e|es|ing)|[Cc]lon(?:e|es|ing)) (?:(?:the|our) [Ss]ervices?\b|[A-Z][\w-]*)/;
export const PURPOSE =
  /\bfor (?:the )?purposes? of\b|(?<!\b(?:especially|particularly|notably|including|even|also) )\bfor (?:an?y? )?(?:commercial|competitive)\b[^.;]{0,40}?\b(?:purposes?|activit(?:y|ies))\b|\b(?:to|in order to) (?:collect|gather|obtain)\b[^.;]{0,60}\bfor (?!any\b|all\b)|\bin order to\b|\bso as to\b|\baux fins\b|(?<!\S)à des fins\b|\bzum Zwecke?\b|\bzwecks\b|\bzu (?:gewerblichen|kommerziellen|wettbewerblichen)(?: (?:oder|und) (?:gewerblichen|kommerziellen|wettbewerblichen))? Zwecken\b|\bcon (?:el )?fin de\b|\bcon fines (?:comerciales|competitivos)\b|\ba efectos de\b/i;

// ---------------------------------------------------------------- what a clause says

/** A prohibition: a negated modal, "prohibited", "forbidden", a ban in FR/DE/ES. */
export const FORBID = new RegExp(
  [
    '\\b(?:may|must|shall|will|can|should|do|does)(?: also| and shall| and will)? not\\b(?! (?:apply|refer|mean|constitute|include|cover|work(?! around)|function|pertain|relate|have(?! (?:the |any |a )?(?:right|permission|licen[cs]e|authori[sz]ation|consent))|get(?! around)|control|guarantee|warrant|endorse|own|(?:operate|perform) (?:as|properly|correctly|well)|be (?:available|accurate|error[- ]free|suitable|uninterrupted|compatible|complete|correct|reliable)|be (?:held )?(?:liable|responsible|obliged|obligated|required)|always|reflect)\\b)',
    "\\b(?:cannot|can't|won't|don't|mustn't|shan't)\\b(?! (?:get to|reach)\\b)",
    '\\bagrees? not to\\b|\\bagrees?\\b[^.;:]{0,40}?\\bto not\\b|\\bnot to (?:use|access|engage|attempt|do)\\b|\\b(?:and|but) not to\\b|\\bundertakes? not\\b|\\b(?:warrants?|represents?|covenants?|promises?) not to\\b',
    '\\b(?:is|are|be|being|been|strictly|expressly|hereby|also|remain|shall be|will be)\\s+(?:all\\s+)?(?:strictly\\s+|expressly\\s+)?(?:prohibited|forbidden)\\b|\\b(?:prohibited|forbidden) (?:from|to)\\b|^(?:prohibited|forbidden)\\b|(?<!\\bto )\\bprohibits?\\b|\\bprohibiting\\b|\\bprohibition\\b|\\bforbids?\\b|\\bnot (?:be )?(?:permitted|allowed|authori[sz]ed|entitled)\\b|(?<!\\b(?:abide by|comply with|subject to|see|observe|respect|follow|in accordance with) (?:the |our |any )?)\\bprohibited (?:[\\w-]+ )?(?:acts?|actions?|activit\\w+|conduct|uses?|practices?|behaviou?rs?)\\b|\\b(?:may|will|shall|can|could) (?:be|constitute) (?:the )?(?:grounds?|cause|a reason) for (?:immediate )?(?:the )?(?:termination|suspension)\\b|\\b(?:prohibited|forbidden)[.!]?$|\\b(?:is|are|be|been) (?:permanently |strictly )?banned\\b|\\bno (?:right|licen[cs]e) (?:is granted )?to\\b',
    '\\b(?:specifically |expressly |strictly )?restricted from\\b|\\bin no event (?:may|shall|will|can)\\b(?! (?:[\\w.&-]+ ){0,4}?be (?:held )?(?:liable|responsible))|\\brefrain from\\b|\\b(?:does|do) not include (?:the|any) right to\\b|\\b(?:licen[cs]e|right)s? (?:granted )?(?:(?:herein|hereunder|under (?:this|these|the) [\\w ]{1,30}?) )?(?:(?:is|are) [^.;:]{0,90}? and )?(?:specifically |expressly |also )?(?:does|do) not include\\b|\\breceive no licen[cs]e\\b|\\bexamples of (?:[\\w,]+ ){0,4}?(?:improper|inappropriate|unacceptable|impermissible) uses?\\b|\\bexamples of (?:such )?(?:misuse|abuse)\\b|\\b(?:improper|inappropriate|unacceptable|impermissible|illegal|unlawful|unauthori[sz]ed|prohibited)(?: or (?:improper|inappropriate|unacceptable|impermissible|illegal|unlawful|unauthori[sz]ed|prohibited))? uses? (?:include|includes|are)\\b|\\b(?:may|will|shall|can|could) (?:lead|result) (?:to|in) (?:the )?(?:your |immediate |automatic |permanent )*(?:disqualification|(?:account )?(?:termination|suspension|ban))\\b|\\b(?:are|is) not to\\b|\\bunder no circumstances?\\b|\\b(?:may|will|shall) be (?:restricted|suspended|terminated|banned)\\b|\\b(?:misuse|abuse) of (?:the |our )?(?:services?|site|website|platform|app)\\b[^.;]{0,20}? includes\\b|\\b(?:is|are|constitutes?) (?:not only )?(?:a |an )?(?:violation|breach) of (?:these|the|this)\\b|\\bit is (?:also |further )?a (?:violation|breach)(?: of [^.,;]{0,60})? to\\b|(?<!\\b(?:may|might|could) )\\bviolates? these\\b',
    "^(?:do not|don't|never|no(?! obstante\\b)|not)\\b",
    // An item numbered in its own text ("21.5 not collect or harvest any information … from … any Service"); a numbered
    // "No …" is as often a title ("4.2 No Harvesting or Crawling.").
    "^(?:\\d{1,3}(?:\\.\\d{1,3})*\\.?|\\(?[a-z]{1,4}[.)])\\s+(?:do not|don't|not)\\b",
    // A negation without "not" (issue 34): "use no automated means", "for human users only; automated access will be blocked".
    '\\b(?:use|uses|using|employ|employs|deploy|deploys|run|runs|permit|permits|allow|allows) no\\b',
    // One way of access allowed, the others excluded: "You may access the Site only through our app …, but not with any robot".
    '\\bbut not (?:with|by|through|via|using|by means of) (?:any|an?|the use of)\\b|\\baber nicht (?:mit|durch|über|mittels)\\b',
    '\\b(?:human (?:users?|visitors?|beings|readers|persons)|humans|natural persons) only\\b|\\b(?:only|solely|exclusively) (?:by|for) (?:humans|human (?:users?|visitors?|beings|readers)|natural persons)\\b|\\b(?:will|shall|may) be (?:blocked|denied|refused)\\b',
    "\\bne (?:vous |leur |lui )?(?:concéd|accord|octroy)\\w* aucun|\\bne (?:pas|jamais|point)\\b|\\bn['’](?:est|êtes|avez|a)\\b[^.]{0,40}\\bpas\\b|\\bn['’]\\w+ pas\\b|\\bne (?:\\w+ ){1,3}pas\\b|interdi(?:t|te|ts|tes|ction)\\b|\\bprohib(?:é|ée|és|ées|er)\\b|\\bs['’]engage[^.]{0,40}\\bà ne\\b|\\bs['’]abstenir\\b|\\bs['’]oppose\\b|\\bopposition\\b|\\bdéfendu\\b",
    // German infinitives after "stimmen Sie zu," or "verpflichten sich,": "keine Roboter … einzusetzen", "mit keinen anderen Mitteln … zuzugreifen".
    '\\bkeine[nmrs]?\\b[^.;]{0,120}?\\b(?:einzusetzen|zu (?:verwenden|nutzen|benutzen|gebrauchen)|anzuwenden)\\b|\\b(?:stimmen Sie zu|einverstanden|verpflichten sich|verpflichtet sich)\\b[^.;]{0,80}?\\b(?:nicht|keine[nmrs]?)\\b',
    '\\buntersagt\\b|\\bverboten\\b|\\bunzulässig\\b|\\bnicht (?:\\w+ ){0,2}(?:gestattet|erlaubt|zulässig|statthaft|berechtigt)\\b|\\b(?:dürfen|darf)\\b[^.]{0,120}\\b(?:nicht|weder|keine?n?)\\b|\\b(?:nicht|weder|keine?)\\b[^.]{0,60}\\b(?:dürfen|darf)\\b',
    '\\b(?:te comprometes|se compromete[ns]?|me comprometo|nos comprometemos|aceptas?|acuerdas?) a no\\b|\\bproh[íi]b(?:e|en|id[oa]s?|ici[óo]n)\\b|\\bno (?:se )?(?:podr[áa]n?|puede[ns]?|deber[áa]n?|est[áa] (?:permitid|autorizad)\\w*|se permite|permite)\\b|\\babstener(?:se)?\\b|\\bqueda(?:n)? prohibid|\\buso indebido\\b',
  ].join('|'),
  'i',
);
/** A reservation of rights against text and data mining (CDSM Article 4(3)); counts only for AI use. */
export const RESERVE =
  /\breserves? (?:all |its |the |their |any )?(?:rights?|the right)\b|\bexpressly reserved?\b|\brights? (?:are |is )?(?:hereby )?(?:explicitly |expressly )?reserved\b|\bopt(?:s|ed)?[- ]out\b|\bse réserve|\bnous (?:nous )?réservons\b|\bbehält sich\b[^.]{0,160}\bvor\b|\bvorbehalten\b|\bNutzungsvorbehalt|\bse reserva\b|\bse opone\b/i;
/**
 * A user's or customer's opt-out of the operator's own training ("where Customer has not
 * opted-out of training", "any opt-out right you exercise") is no reservation against others:
 * masked before RESERVE is tried.
 */
export const USER_OPT_OUT =
  /\b(?:you|your|users?|customers?|members?)\b[^.;]{0,40}?\bopt(?:s|ed|ing)?[- ]out\b|\bopt[- ]out (?:rights?|requests?|settings?|options?|choices?)\b|\bopt(?:s|ed|ing)?[- ]out (?:for|of|from) (?:[\w-]+ ){0,3}?training\b|\b(?:by|after|upon) (?:an|any|your|such) opt[- ]out\b/gi;

/**
 * A way to get permission, a licence or consent, or a carve-out for someone named: the ban is
 * lifted for some, so the use is restricted rather than closed.
 */
export const ROUTE = new RegExp(
  [
    "\\b(?:you['’]ll|you will|you) (?:first )?need (?:to (?:get|obtain|ask for|seek|request) )?(?:our |prior |written |express )*permission\\b|\\bwithout (?:(?:our|the|its|their|his|her|prior|express(?:ed)?|explicit|written|special|specific|a|an|first|obtaining|having|obtained|such|[A-Z][\\w.]*['’]s)\\s+){0,5}(?:consent|permission|permit|authori[sz]ation|approval|agreement|licen[cs]e|written)|\\bunless you (?:\\w+ ){0,3}(?:execute|enter into|sign|obtain)\\b",
    // A use allowed once the operator agrees: "If you intend to carry out large-scale text and data mining …, you must
    // contact us in advance to agree the required terms", "you must first obtain a licence from us".
    '\\bmust (?:first contact us|contact us\\b(?:[^.;]{0,30}?\\b)?(?:in advance|first|beforehand|to (?:agree|obtain|request|arrange|discuss)))\\b|\\b(?:must|need to|have to) (?:first )?(?:seek|obtain|get|request|secure) (?:(?:a|an|our|the|prior|written|express|separate|specific)\\s+){0,3}(?:approval|permission|consent|licen[cs]e|authori[sz]ation)\\b',
    '\\b(?:have|has) not been (?:approved|authori[sz]ed|permitted)\\b|\\bunless (?:and )?(?:to the extent (?:that )?)?(?:(?:you|we|it|they|[A-Z][\\w.&-]*|have|has|had|been|are|is|expressly|specifically|otherwise|first|already|duly)\\s+){0,5}(?:authori[sz]ed|permitted|agreed|licensed|obtained|granted|allowed|entered|grants?|permits?|allows?|authori[sz]es?)\\b',
    '\\bexcept (?:with|under|through|via|where we|when we|if (?:we|you have)|in the case|for (?:a |the )?(?:public )?search)\\b|\\b(?:except|or) (?:as|where|when) (?:(?:expressly|otherwise|specifically|explicitly)\\s+){0,2}(?:authori[sz]ed|permitted|allowed|agreed|provided) by (?!(?:these|this|the) (?:Terms|Agreement|Conditions|Polic)|(?:applicable |mandatory |local |the )?laws?\\b)',
    '\\bexcept in the following\\b|\\b(?:means|interfaces?|tools?) not (?:provided|made available|offered) by (?:[A-Z][\\w.&-]* (?:or|and) )?us\\b|\\bprovided,? however,? that\\b[^.]{0,80}\\b(?:API|permit\\w*|licen[cs]e)|\\b(?:that|which) (?:is|are) not officially (?:available|supported|provided|offered)\\b|\\bother than as (?:expressly )?permitted (?:through|via)\\b|\\bexcept as (?:expressly )?permitted (?:through|via) (?:the |our |a )?(?:\\w+ )?(?:API|interfaces?|tools?|feeds?)\\b|\\bsave for\\b[^.;]{0,40}\\b(?:API|permi\\w+|licen[cs]e|written)|\\b(?:unauthori[sz]ed|impermissible) (?:[\\w-]+ ){0,2}?(?:spidering|scraping|crawling|data mining|harvesting|automated means)\\b|\\b(?:unauthori[sz]ed|impermissible) (?:[\\w-]+, ){0,3}[\\w-]+,? (?:or|and) (?:[\\w-]+ )?(?:screen[- ])?(?:spidering|scraping|crawling|data mining|harvesting)\\b|\\bunauthori[sz]ed (?:means|process(?:es)?|software|tools?|technolog(?:y|ies))\\b|\\bin (?:an?y? )?unauthori[sz]ed (?:manner|way|fashion)\\b|\\b(?:extract|scrap|crawl|mine|mining|harvest)\\w*\\b[^.;]{0,40}?\\bfor (?:any )?unauthori[sz]ed purposes?\\b|\\b(?:actos?|actividades?|usos?) no autorizad[oa]s? de (?:rastreo|extracción|recolección|minería|recopilación)\\b|\\b(?:medios?|herramientas?|sistemas?|procesos?) automatizad[oa]s? no autorizad[oa]s?\\b|\\b(?:extraction|aspiration|moissonnage|robots?|moyens automatisés|outils automatisés) non autorisée?s?\\b|\\bexcept when\\b[^.]{0,80}\\b(?:API|permit|licen[cs]e)|\\bwhere we (?:otherwise )?(?:explicitly |expressly )?permit\\b|\\bother than (?:(?:through|via) )?(?:an? |our |the |[A-Z][\\w.&-]*[\\x27\\u2019]s )?(?:(?:currently |publicly |generally )?(?:available|offered|provided|official|documented|supported|published) )*(?:API|interfaces?|published)|\\bexcept as may be (?:(?:expressly|otherwise|specifically|explicitly)\\s+){0,2}(?:permitted|allowed|authori[sz]ed|agreed)\\b|\\bexcept through\\b|\\b(?:write to|contact|ask|e-?mail) us (?:instead of|rather than)\\b',
    '(?:prior|express|written|explicit) (?:written )?(?:consent|permission|authori[sz]ation|approval)|\\b(?:approved|authori[sz]ed|agreed|permitted) (?:by (?:us|[A-Z][\\w.&-]*(?: [A-Z][\\w.&-]*)?) )?in writing\\b|\\blicensing agreement\\b|\\bseparate (?:written )?agreement\\b|\\brequires? (?:(?:a|an|our|prior|express|written|separate)\\s+){0,3}(?:licen[cs]e|permission|consent|agreement)\\b|\\bsubject to (?:a |our |the |separate )?(?:licen[cs]e|written agreement|permission)',
    "\\bsans (?:(?:notre|l['’]|leur|son|sa|un|une|le|la|accord|autorisation|préalable|expresse?|écrite?|et|de|du)\\s*){0,5}(?:autorisation|accord|consentement|permission)|\\bsauf (?:autorisation|accord|consentement|si|dans le cas|exception|permission)|\\bà l['’]exception de\\b|(?:autorisation|accord|consentement) (?:préalable|expresse?|écrit)",
    '\\bohne (?:(?:vorherige|ausdrückliche|schriftliche|unsere|die|eine|des|der|dessen)\\s+){0,4}(?:Zustimmung|Genehmigung|Erlaubnis|Einwilligung|Einverständnis)|\\bes sei denn\\b|\\bsofern nicht\\b|\\bmit Ausnahme\\b|(?:vorherige|ausdrückliche|schriftliche) (?:Zustimmung|Genehmigung|Erlaubnis)',
    '\\bsin (?:(?:el|la|su|nuestro|nuestra|previo|previa|expreso|expresa|por escrito|consentimiento|autorización|de)\\s+){0,4}(?:consentimiento|autorización|permiso)|\\bsalvo (?:que|autorización|consentimiento|permiso)|\\ba menos que\\b|\\bexcepci[óo]n\\b',
  ].join('|'),
  'i',
);
/** "Except as permitted in these Terms" names no way around a ban: masked before ROUTE is tried. */
export const NO_ROUTE =
  /\b(?:except|other than|save)(?: (?:as|where|when|to the extent))? (?:(?:otherwise|expressly|explicitly|specifically)\s+){0,2}(?:permitted|allowed|authori[sz]ed|provided|set (?:out|forth)|described)(?: (?:herein|hereunder|(?:in|by|under) (?:these|this|the)(?: [\w-]+){0,2}? (?:Terms|Agreement|Conditions|Policy|Terms of (?:Use|Service))(?: of (?:Use|Service))?))?(?=[\s,;:.)]|$)(?! (?:by|in writing|through|via)\b)/gi;
/** An automated route offered in the sentence after a ban: "You may replicate data from the Public Registry using the Public APIs". */
export const API_ROUTE =
  /\b(?:using|through|via|with|from) (?:the |our |its )?(?:public |official |documented )?APIs?\b/i;

/** A carve-out in a ban on automated access for search engines. */
export const CARVE_OUT =
  /(?<!\bour )\bsearch engines?\b(?![^.;]{0,40}\b(?:that|which) we (?:make available|provide|offer))|\bsearch indices\b|moteurs? de recherche|Suchmaschinen|motores de b[úu]squeda/i;

/** An express permission: "you may", "is permitted", "we grant permission to crawl", and the FR/DE/ES forms. */
export const ALLOW = new RegExp(
  [
    "\\b(?:you|users?|anyone|visitors?|third parties|search engines?|researchers?|archivists?|operators?)\\s+(?:may|can)\\b(?!'t\\b)(?!\\s+(?:also\\s+|only\\s+)?not\\b)(?!\\s+(?:be|have|receive|encounter|not|need|find|see))",
    '\\b(?:are|is) (?:free|welcome|hereby permitted|permitted|allowed|authori[sz]ed) to\\b|\\b(?:is|are) (?:hereby |expressly |generally )?(?:permitted|allowed|welcome)\\b(?!\\s+(?:only|to use the services))',
    '\\bencourages? (?:[\\w-]+ ){0,2}(?:users?|you|researchers?)\\b|\\bmay be (?:freely )?(?:crawled|indexed|mined|scraped|accessed automatically)\\b|\\b(?:we|[A-Z]\\w+) (?:conditionally |hereby )?(?:grant|allow|permit)s? [^.]{0,60}?(?:permission|licen[cs]e|right) to (?:crawl|index|use|access|mine)|\\bpermission to (?:crawl|index)\\b|\\bwe (?:do )?allow\\b',
    '\\bvous (?:pouvez|êtes (?:autorisé|libre))\\b|\\b(?:est|sont) (?:autorisée?s?|permise?s?)\\b|\\bnous accordons\\b[^.]{0,120}(?:autorisation|permission|licence)|\\bil est permis\\b',
    '\\b(?:Sie|Nutzer|jeder)\\s+(?:dürfen|können)\\b(?![^.]{0,80}\\b(?:nicht|weder|keine?)\\b)|\\b(?:ist|sind) (?:ausdrücklich )?(?:gestattet|erlaubt)\\b',
    '(?<!\\bno )\\b(?:puede|pueden|podrá|podrán)\\b(?!\\s+no\\b)|\\best[áa] permitid|\\bse permite\\b|\\bcabrá una excepción\\b',
  ].join('|'),
  'i',
);

/** A dated entry of a change log ("November 11, 2024: Updated terms to …") describes a change; the terms say it elsewhere. */
export const CHANGE_LOG =
  /^(?:(?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2},? \d{4}|\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December) \d{4}|\d{4}-\d{2}-\d{2})\s*[:–-]|\b(?:Update|Updated|Changed|Added)\s*\(\d{4}-\d{2}-\d{2}\)\s*:/;

/** A sentence that states a fact about others, not a rule: "you acknowledge that third parties may scrape…". */
/**
 * A sentence that carries the restriction of the sentence before it over to automated means:
 * "You acknowledge that this restriction will apply to use of the services by any automated
 * means", "dass diese Beschränkung für jegliche automatisierte Nutzung der Dienste gilt".
 */
const THIS_RESTRICTION_APPLIES =
  /\b(?:this|that|such|the foregoing) (?:restriction|prohibition|limitation)s? (?:will |shall |also )?appl(?:y|ies)\b/;
export const RESTRICTION_APPLIES = new RegExp(
  `${THIS_RESTRICTION_APPLIES.source}|\\bdiese (?:Beschränkung|Einschränkung)\\b[^.]{0,80}\\bgilt\\b`,
  'i',
);
export const ACKNOWLEDGE = /\backnowledges?\b|\breconna[iî]t\b|\berkennen? an\b|\breconoce\b/i;
/** A rule stated even inside an acknowledgement: "you will not", "… est interdite", "is prohibited". */
export const RULE_STATED = new RegExp(
  `${THIS_RESTRICTION_APPLIES.source}|` +
    /\b(?:you|users?)(?: also)? (?:will|shall|must|may|agree) not\b|\breceive no licen[cs]e\b|\b(?:is|are) (?:strictly |expressly )?(?:prohibited|forbidden)\b|\b(?:est|sont) (?:strictement |formellement )?interdite?s?\b|\b(?:ist|sind) (?:ausdrücklich |strengstens )?(?:untersagt|verboten)\b|\b(?:está|están) (?:estrictamente |expresamente )?prohibid[oa]s?\b/
      .source,
  'i',
);
