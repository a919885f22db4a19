/**
 * Deterministic translation files for tests, the reference service's seed and the bench (nothing in the app
 * imports this). A seeded LCG drives every choice, so the same options always give the same file. Targets are
 * word-by-word "translations" from small parallel vocabularies (fr, de, es, ja, ar; other locales get a
 * `[xx]` prefix), never equal to the source; %variables% and html tags are kept.
 */
import type {
  GroupMeta,
  PlayerJsonText,
  SegmentMeta,
  SegmentText,
  TextType,
  TranslationFile,
  TranslationGroupNode,
  TranslationItemNode,
  TranslationNode,
} from './translation.ts';

const EN = [
  'click', 'next', 'to', 'continue', 'the', 'course', 'lesson', 'welcome', 'safety', 'rules', 'review', 'your', 'answer',
  'correct', 'incorrect', 'try', 'again', 'select', 'all', 'that', 'apply', 'submit', 'results', 'team', 'customer',
  'data', 'privacy', 'policy', 'learn', 'more', 'about', 'this', 'topic', 'today',
];
const VOCABULARY: Record<string, readonly string[]> = {
  en: EN,
  fr: [
    'cliquez', 'suivant', 'pour', 'continuer', 'le', 'cours', 'leçon', 'bienvenue', 'sécurité', 'règles', 'révisez', 'votre',
    'réponse', 'correct', 'incorrect', 'essayez', 'encore', 'sélectionnez', 'tout', 'ce qui', 's’applique', 'valider',
    'résultats', 'équipe', 'client', 'données', 'confidentialité', 'politique', 'apprenez', 'plus', 'sur', 'ce', 'sujet',
    'aujourd’hui',
  ],
  de: [
    'klicken', 'weiter', 'um', 'fortzufahren', 'der', 'Kurs', 'Lektion', 'willkommen', 'Sicherheit', 'Regeln', 'prüfen',
    'Ihre', 'Antwort', 'richtig', 'falsch', 'versuchen', 'erneut', 'wählen', 'alle', 'die', 'zutreffen', 'absenden',
    'Ergebnisse', 'Team', 'Kunde', 'Daten', 'Datenschutz', 'Richtlinie', 'lernen', 'mehr', 'über', 'dieses', 'Thema',
    'heute',
  ],
  es: [
    'haga clic', 'siguiente', 'para', 'continuar', 'el', 'curso', 'lección', 'bienvenido', 'seguridad', 'reglas', 'revise',
    'su', 'respuesta', 'correcto', 'incorrecto', 'intente', 'otra vez', 'seleccione', 'todo', 'lo que', 'corresponda',
    'enviar', 'resultados', 'equipo', 'cliente', 'datos', 'privacidad', 'política', 'aprenda', 'más', 'sobre', 'este',
    'tema', 'hoy',
  ],
  ja: [
    'クリック', '次へ', 'して', '続行', 'この', 'コース', 'レッスン', 'ようこそ', '安全', 'ルール', '確認', 'あなたの', '回答',
    '正解', '不正解', 'もう一度', '試す', '選択', 'すべて', 'それ', '該当', '送信', '結果', 'チーム', '顧客', 'データ',
    'プライバシー', 'ポリシー', '学ぶ', 'もっと', 'について', 'この', 'トピック', '今日',
  ],
  ar: [
    'انقر', 'التالي', 'من أجل', 'المتابعة', 'ال', 'الدورة', 'الدرس', 'مرحبًا', 'السلامة', 'القواعد', 'راجع', 'إجابتك',
    'الإجابة', 'صحيح', 'خطأ', 'حاول', 'مرة أخرى', 'اختر', 'كل', 'ما', 'ينطبق', 'إرسال', 'النتائج', 'الفريق', 'العميل',
    'البيانات', 'الخصوصية', 'السياسة', 'تعلم', 'المزيد', 'عن', 'هذا', 'الموضوع', 'اليوم',
  ],
};
const VARIABLES = ['%UserName%', '%Score%'];
const SCENE_NAMES = ['Introduction', 'Safety basics', 'Working with customers', 'Data privacy', 'Review', 'Wrap-up'];
const STYLE = { font: 'Open Sans', size: 18, color: '#1F2937', bold: false };
const BOLD_STYLE = { font: 'Open Sans', size: 18, color: '#1F2937', bold: true };

/** A seeded linear congruential generator: numbers in [0, 1). */
function lcg(seed: number): () => number {
  let state = (Math.abs(Math.trunc(seed)) % 2_147_483_647) + 1;
  return () => (state = (state * 48_271) % 2_147_483_647) / 2_147_483_647;
}

/** A deterministic uuid-like id from the seed and an index. */
function uuidLike(seed: number, index: number): string {
  const hex = (n: number, width: number) => (n >>> 0).toString(16).padStart(width, '0').slice(-width);
  const mixed = Math.imul(index + 1, 2_654_435_761) ^ Math.imul(seed + 7, 40_503);
  return `${hex(seed, 8)}-${hex(index >>> 16, 4)}-4${hex(index, 3)}-a${hex(mixed, 3)}-${hex(mixed, 8)}${hex(index, 4)}`;
}

/** Which words a text is made of (indices into the vocabularies), plus a variable or not. */
interface Words {
  indices: number[];
  variable: string | null;
}

function translateWords(words: Words, locale: string): string {
  const vocabulary = VOCABULARY[locale.toLowerCase().split('-')[0]!];
  const parts = words.indices.map((i) => (vocabulary ? vocabulary[i]! : EN[i]!));
  const text = vocabulary ? parts.join(locale.startsWith('ja') ? '' : ' ') : `[${locale}] ${parts.join(' ')}`;
  return words.variable ? `${text} ${words.variable}` : text;
}

interface TextOptions {
  sourceLocale: string;
  targetLocale: string;
}

/** The file's generator state: the random source, the budget and the running segment index. */
class Builder {
  readonly next: () => number;
  index = 0;
  constructor(
    readonly seed: number,
    readonly budget: number,
    readonly locales: TextOptions,
  ) {
    this.next = lcg(seed);
  }
  get left(): number {
    return this.budget - this.index;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  words(min: number, max: number): Words {
    const count = min + this.int(max - min + 1);
    const indices = Array.from({ length: count }, () => this.int(EN.length));
    const variable = this.next() < 0.14 ? VARIABLES[this.int(VARIABLES.length)]! : null;
    return { indices, variable };
  }
  /** One text segment (or null when the budget is spent). */
  item(id: string, textType: TextType, extra: { meta?: SegmentMeta; slideId?: string; lessonId?: string; words?: Words } = {}): TranslationItemNode | null {
    if (this.left <= 0) return null;
    const { sourceLocale, targetLocale } = this.locales;
    let source: SegmentText;
    let target: SegmentText;
    if (textType === 'playerJson') {
      const blocks = 1 + this.int(2);
      const spec = Array.from({ length: blocks }, () => Array.from({ length: 1 + this.int(3) }, () => ({ words: this.words(1, 5), bold: this.next() < 0.3 })));
      const make = (locale: string): PlayerJsonText => ({
        blocks: spec.map((spans) => ({
          spans: spans.map((span, i) => ({ text: (i > 0 ? ' ' : '') + translateWords(span.words, locale), style: span.bold ? { ...BOLD_STYLE } : { ...STYLE } })),
          style: { align: 'left' },
        })),
      });
      source = make(sourceLocale);
      target = make(targetLocale);
    } else if (textType === 'html') {
      const a = this.words(1, 4);
      const b = this.words(1, 4);
      const c = this.words(1, 3);
      const shape = this.int(4);
      const make = (locale: string) => {
        const [x, y, z] = [translateWords(a, locale), translateWords(b, locale), translateWords(c, locale)];
        if (shape === 0) return `${x} <b>${y}</b> ${z}`;
        if (shape === 1) return `<i>${x}</i><br/>${y} &amp; ${z}`;
        if (shape === 2) return `${x} <a href="https://example.com/help">${y}</a>`;
        return `<b>${x}</b> ${y}<br/><i>${z}</i>`;
      };
      source = make(sourceLocale);
      target = make(targetLocale);
    } else {
      const words = extra.words ?? this.words(2, 12);
      source = translateWords(words, sourceLocale);
      target = translateWords(words, targetLocale);
    }
    const node: TranslationItemNode = {
      type: 'item',
      id,
      textType,
      source,
      target,
      validationSegmentId: uuidLike(this.seed, this.index),
      meta: { isAuthored: true, ...extra.meta },
      livePreviewData: extra.slideId ? { slideId: extra.slideId } : extra.lessonId ? { lessonId: extra.lessonId } : null,
    };
    this.index++;
    return node;
  }
  /** A text type: playerJson half the time in Storyline, else html or text. */
  textType(product: 'storyline' | 'rise'): TextType {
    const r = this.next();
    if (product === 'storyline') return r < 0.5 ? 'playerJson' : r < 0.75 ? 'html' : 'text';
    return r < 0.6 ? 'html' : 'text';
  }
}

function group(id: string, title: string, meta: GroupMeta, children: (TranslationNode | null)[], extra: { template?: boolean } = {}): TranslationGroupNode | null {
  const kept = children.filter((c): c is TranslationNode => c !== null);
  if (kept.length === 0) return null;
  return { type: 'group', id, title, meta, ...(extra.template ? { template: true } : {}), children: kept };
}

function slideItems(b: Builder, slideId: string, count: number): (TranslationNode | null)[] {
  return Array.from({ length: count }, (_, k) => b.item(`${slideId}-t${k + 1}`, k === 0 ? 'text' : b.textType('storyline'), { slideId }));
}

function questionSlide(b: Builder, id: string, title: string, meta: GroupMeta): TranslationGroupNode | null {
  const correct = b.int(4);
  return group(id, title, meta, [
    b.item(`${id}-question`, 'playerJson', { slideId: id }),
    ...Array.from({ length: 4 }, (_, k) => b.item(`${id}-choice-${k + 1}`, 'text', { slideId: id, meta: k === correct ? { correctAnswer: true } : {} })),
    b.item(`${id}-feedback-correct`, 'text', { slideId: id }),
    b.item(`${id}-feedback-incorrect`, 'text', { slideId: id }),
  ]);
}

/** The same tree with small differences for baseChildren: ~3% of items missing, ~3% sources and ~3% targets changed. */
function baseOf(nodes: readonly TranslationNode[], counter: { i: number }): TranslationNode[] {
  const out: TranslationNode[] = [];
  for (const node of nodes) {
    if (node.type === 'group') {
      out.push({ ...node, children: baseOf(node.children, counter) });
      continue;
    }
    const i = counter.i++;
    if (i % 33 === 5) continue;
    if (i % 33 === 16) out.push({ ...node, source: changedText(node.source, 'previous wording') });
    else if (i % 33 === 27) out.push({ ...node, target: changedText(node.target, 'ancienne traduction') });
    else out.push(node);
  }
  return out;
}

function changedText(text: SegmentText, suffix: string): SegmentText {
  if (typeof text === 'string') return `${text} ${suffix}`;
  return { blocks: text.blocks.map((block, i) => (i === 0 ? { ...block, spans: [...block.spans, { text: ` ${suffix}`, style: { ...STYLE } }] } : block)) };
}

export interface CourseOptions {
  /** Exactly this many text segments in `children`. */
  segments: number;
  targetLocale: string;
  sourceLocale?: string;
  seed?: number;
  version?: number;
  /** Fill baseChildren with the previous version's tree (else it is empty). */
  withBase?: boolean;
}

/**
 * A Storyline course of exactly `segments` segments: "1 Untitled Scene" first (a slide template group, the menu,
 * resources and glossary special slides), then named scenes of ~10-segment slides (every 4th with a layer, every
 * 5th a question slide with one correct answer, one slide drawing from the question bank), and a question bank.
 */
export function generateStorylineCourse(options: CourseOptions): TranslationFile {
  const seed = options.seed ?? 1;
  const b = new Builder(seed, options.segments, { sourceLocale: options.sourceLocale ?? 'en', targetLocale: options.targetLocale });
  const global = group('scene-1', '1 Untitled Scene', { type: 'scene', typeIndex: 1 }, [
    group('template-1', 'Master', { type: 'template' }, slideItems(b, 'template-1', 3), { template: true }),
    group('menu', '', { type: 'slide' }, [b.item('menu-title', 'text', { slideId: 'menu' }), b.item('menu-search', 'text', { slideId: 'menu' })]),
    group('resources', '', { type: 'slide' }, [b.item('resources-title', 'text', { slideId: 'resources' })]),
    group('glossary', '', { type: 'slide' }, [b.item('glossary-term', 'text', { slideId: 'glossary' }), b.item('glossary-definition', 'html', { slideId: 'glossary' })]),
  ]);
  const bankId = 'question-bank-1';
  const bank = group(bankId, 'Question Bank 1', { type: 'questionBank' }, [
    questionSlide(b, 'qb1-q1', 'Bank question 1', { type: 'question', typeIndex: 1 }),
    questionSlide(b, 'qb1-q2', 'Bank question 2', { type: 'question', typeIndex: 2 }),
  ]);
  const scenes: TranslationGroupNode[] = [];
  let slideDrawDone = false;
  for (let scene = 2; b.left > 0; scene++) {
    const sceneId = `scene-${scene}`;
    const slides: (TranslationNode | null)[] = [];
    for (let slide = 1; slide <= 8 && b.left > 0; slide++) {
      const slideId = `slide-${scene}-${slide}`;
      const meta: GroupMeta = { type: 'slide', typeIndex: slide, sceneSlideIndex: `${scene}.${slide}` };
      if (slide % 5 === 0) {
        slides.push(questionSlide(b, slideId, `Question ${scene}.${slide}`, { ...meta, type: 'question' }));
      } else if (!slideDrawDone && bank && slide === 3) {
        slideDrawDone = true;
        slides.push(group(slideId, 'Quiz draw', { ...meta, slideDraw: { questionBankId: bankId, buttonTitle: 'Start quiz' } }, slideItems(b, slideId, 2)));
      } else {
        const items = slideItems(b, slideId, 8 + b.int(5));
        if (slide % 4 === 0) items.push(group(`${slideId}-layer-1`, 'Feedback layer', { type: 'layer' }, slideItems(b, `${slideId}-layer-1`, 3)));
        slides.push(group(slideId, `Slide ${scene}.${slide}`, meta, items));
      }
    }
    const node = group(sceneId, `${scene} ${SCENE_NAMES[(scene - 2) % SCENE_NAMES.length]}`, { type: 'scene', typeIndex: scene }, slides);
    if (node) scenes.push(node);
  }
  const children = [global, ...scenes, bank].filter((n): n is TranslationGroupNode => n !== null);
  return {
    sourceLocale: options.sourceLocale ?? 'en',
    targetLocale: options.targetLocale,
    version: options.version ?? (options.withBase ? 2 : 1),
    product: 'storyline',
    storylineVersion: '3.91.31176.0',
    children,
    baseChildren: options.withBase ? baseOf(children, { i: 0 }) : [],
    translationMemoryReportIds: [],
  };
}

/**
 * A Rise course of exactly `segments` segments: the course overview (id 'overview', meta.courseOverview), then
 * sections of ~10-segment lessons of html and text; every 3rd lesson ends with timed-text captions.
 */
export function generateRiseCourse(options: CourseOptions): TranslationFile {
  const seed = options.seed ?? 1;
  const b = new Builder(seed, options.segments, { sourceLocale: options.sourceLocale ?? 'en', targetLocale: options.targetLocale });
  const overview = group('overview', 'Course overview', { type: 'lesson', courseOverview: true }, [
    b.item('overview-title', 'text', { lessonId: 'overview' }),
    b.item('overview-description', 'html', { lessonId: 'overview' }),
  ]);
  const sections: TranslationGroupNode[] = [];
  let lessonCount = 0;
  for (let section = 1; b.left > 0; section++) {
    const lessons: (TranslationGroupNode | null)[] = [];
    for (let lesson = 1; lesson <= 5 && b.left > 0; lesson++) {
      lessonCount++;
      const lessonId = `lesson-${section}-${lesson}`;
      const items = Array.from({ length: 7 + b.int(5) }, (_, k) => b.item(`${lessonId}-block-${k + 1}`, k === 0 ? 'text' : b.textType('rise'), { lessonId }));
      if (lessonCount % 3 === 1) {
        for (let k = 1; k <= 3; k++) items.push(b.item(`${lessonId}-caption-${k}`, 'text', { lessonId, meta: { timedText: true, type: 'captions' } }));
      }
      lessons.push(group(lessonId, `Lesson ${section}.${lesson}`, { type: 'lesson', typeIndex: lessonCount }, items));
    }
    const node = group(`section-${section}`, `Section ${section}: ${SCENE_NAMES[(section - 1) % SCENE_NAMES.length]}`, { type: 'section', typeIndex: section }, lessons);
    if (node) sections.push(node);
  }
  const children = [overview, ...sections].filter((n): n is TranslationGroupNode => n !== null);
  return {
    sourceLocale: options.sourceLocale ?? 'en',
    targetLocale: options.targetLocale,
    version: options.version ?? (options.withBase ? 2 : 1),
    product: 'rise',
    children,
    baseChildren: options.withBase ? baseOf(children, { i: 0 }) : [],
    translationMemoryReportIds: [],
  };
}

/** The items of a tree in document order (for tests and the seed: pick segments to edit or accept). */
export function fixtureItems(nodes: readonly TranslationNode[], path: string[] = []): { path: string[]; item: TranslationItemNode }[] {
  const out: { path: string[]; item: TranslationItemNode }[] = [];
  for (const node of nodes) {
    const here = [...path, node.id];
    if (node.type === 'item') out.push({ path: here, item: node });
    else out.push(...fixtureItems(node.children, here));
  }
  return out;
}

const smallItem = (id: string, text: string, vs: string): TranslationItemNode => ({ type: 'item', id, textType: 'text', source: text, target: `fr ${text}`, validationSegmentId: vs });
/**
 * A small Storyline file for machine tests and the registry's payload cases: one scene ("1 Untitled Scene"), two
 * slides (nav groups ["sc1","sl1"] Welcome and ["sc1","sl2"] Next), three text segments t1 "Hello", t2
 * "Hi %UserName%" (slide 1) and t3 "Bye" (slide 2), validation segment ids vs1–vs3, targets "fr " + source.
 */
export const SMALL_STORYLINE_FILE: TranslationFile = {
  sourceLocale: 'en',
  targetLocale: 'fr',
  version: 2,
  product: 'storyline',
  storylineVersion: '3.91.1',
  translationMemoryReportIds: [],
  baseChildren: [],
  children: [
    {
      type: 'group',
      id: 'sc1',
      title: '1 Untitled Scene',
      meta: { type: 'scene' },
      children: [
        { type: 'group', id: 'sl1', title: 'Welcome', meta: { type: 'slide' }, children: [smallItem('t1', 'Hello', 'vs1'), smallItem('t2', 'Hi %UserName%', 'vs2')] },
        { type: 'group', id: 'sl2', title: 'Next', meta: { type: 'slide' }, children: [smallItem('t3', 'Bye', 'vs3')] },
      ],
    },
  ],
};
