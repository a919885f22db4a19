/**
 * The seed's translation stacks, run once right after the content seed's versions, comments and
 * review requests (server/app.ts): the translation flags on globally (SEEDED_TRANSLATIONS.flags); the Rise stack
 * "Onboarding course" (English source; a hand-written French target whose lesson "Customer care basics" is complete
 * and validated — the team's en → fr translation memory; German, Japanese, Arabic targets from the fixture
 * generator); the Storyline stack "Customer service essentials" in Translations (English source; a hand-written
 * French target in two versions with pending and accepted edits, one complete slide, version 1's own validation, the
 * material of find / duplicates / low contrast / audio / the version diff, and a completed memory report; German
 * (with a rejected memory report), Japanese ("カスタマーサービス") and Arabic from the generator). Small files: seeding
 * stays fast.
 */
import { randomUUID } from 'node:crypto';
import { fixtureItems, generateRiseCourse, generateStorylineCourse } from '../../domain/translation.fixtures.ts';
import { pathKey, type PlayerJsonText, type SpanStyle, type TranslationFile, type TranslationGroupNode, type TranslationItemNode, type TranslationNode } from '../../domain/translation.ts';
import type { Db } from '../db/database.ts';
import { setFlag } from '../db/flags.ts';
import type { ValidationChangeRow } from '../db/schema.ts';
import type { FlagKey } from '../../domain/flags.ts';
import type { TranslationCdn } from './cdn.ts';
import { loadMemoryEntries, TranslationMemoryIndex } from './memory.ts';
import { computeReportItems, emptyMemoryMessage } from './memoryReports.ts';
import { createModelCache, subscriptionOfItem } from './store.ts';

/** What the end-to-end tests and the README name (server/README.md "Content seed", Translations). */
export const SEEDED_TRANSLATIONS = {
  riseStack: 'Onboarding course',
  storylineStack: 'Customer service essentials',
  /** Titles per locale: `${stack} (${language})`. */
  languages: { en: 'English', fr: 'French', de: 'German', ja: 'Japanese', ar: 'Arabic' },
  /** The hand-written French Storyline target: two versions, version 2 latest. */
  storylineFrench: 'Customer service essentials (French)',
  riseFrench: 'Onboarding course (French)',
  /** Its slide 1.1 "Welcome" is complete (by vera), its edits accepted. */
  completeSlidePath: ['scene-1', 'slide-1-1'],
  /** A pending edit by vera on slide 2.1 "Listen first". */
  pendingSegmentPath: ['scene-2', 'slide-2-1', 'listen-body'],
  /** An html segment with a %UserName% variable and tags, not edited (slide 1.2 "Why service matters"). */
  variableSegmentPath: ['scene-1', 'slide-1-2', 'why-body'],
  /** The first segment of slide 2.2 "The LEARN model", not edited: styled playerJson spans. */
  playerJsonSegmentPath: ['scene-2', 'slide-2-2', 'learn-steps'],

  // ---- the tools (server/README.md "Translations: the tools")
  /** Flags the seed turns on globally. */
  flags: ['translationsTab', 'localizationNext', 'duplicateSegments', 'llmSuggestions', 'smartReviewSurvey'],
  /** Find and replace in the French Storyline target (version 2). */
  search: {
    /** A whole French word on segments of several slides (targets). */
    frenchWord: 'client',
    /** Target segments holding "client" as a whole word (one each), in document order, version 2 with the seeded edits. */
    frenchWordPaths: [
      ['scene-1', 'template-1', 'tpl-footer'],
      ['scene-1', 'slide-1-1', 'welcome-title'],
      ['scene-1', 'slide-1-2', 'slide-1-2-layer-1', 'why-layer-body'],
      ['scene-2', 'slide-2-1', 'listen-body'],
      ['scene-2', 'slide-2-1', 'listen-repeat'],
      ['scene-2', 'slide-2-1', 'listen-captions'],
      ['scene-2', 'slide-2-1', 'listen-transcript'],
      ['scene-2', 'slide-2-3', 'check-question'],
      ['question-bank-1', 'qb1-q1', 'qb1-q1-question'],
    ],
    /** A word that contains "client" but is not it (a whole-word search does not find it). */
    longerWord: 'clientèle',
    longerWordPath: ['scene-2', 'slide-2-4', 'draw-note'],
  },
  /** The Japanese Storyline target: "サービス" is found by plain match inside "カスタマーサービス". */
  japanese: {
    title: 'Customer service essentials (Japanese)',
    substring: 'サービス',
    word: 'カスタマーサービス',
    targets: {
      '["scene-1","menu","menu-title"]': 'カスタマーサービスのメニュー',
      '["scene-1","glossary","glossary-term"]': 'カスタマーサービスの用語',
    } as Record<string, string>,
  },
  /** Save to all: "Continue" (html) on three slides with the same formatting, and once in bold on slide 2.4. */
  duplicates: {
    source: 'Continue',
    target: 'Continuer',
    paths: [
      ['scene-1', 'slide-1-2', 'why-continue'],
      ['scene-2', 'slide-2-1', 'listen-continue'],
      ['scene-2', 'slide-2-2', 'learn-continue'],
    ],
    boldPath: ['scene-2', 'slide-2-4', 'draw-continue'],
  },
  /** playerJson with a span in #F3F4F6 on white (low contrast). */
  lowContrastPath: ['scene-2', 'slide-2-1', 'listen-hint'],
  /** Slide 2.1 "Listen first" holds one segment of each audio type. */
  audio: {
    slidePath: ['scene-2', 'slide-2-1'],
    script: ['scene-2', 'slide-2-1', 'listen-script'],
    captions: ['scene-2', 'slide-2-1', 'listen-captions'],
    transcript: ['scene-2', 'slide-2-1', 'listen-transcript'],
  },
  /** Version 2 against version 1 of the French Storyline target. */
  diff: {
    /** New in version 2 (also the whole slide 2.5 "Summary"). */
    addedPath: ['scene-2', 'slide-2-1', 'listen-repeat'],
    addedSlidePath: ['scene-2', 'slide-2-5'],
    /** The English source changed. */
    sourceChangedPath: ['scene-1', 'slide-1-1', 'welcome-intro'],
    /** Same source, the French target changed in the authoring app (ChangedInAuthoringApp). */
    authoringChangedPath: ['scene-2', 'slide-2-3', 'check-question'],
    /** Version 1's accepted edit that version 2's file does not carry (UnimportedChange). */
    unimportedPath: ['scene-1', 'menu', 'menu-search'],
    unimportedValue: 'Rechercher dans la formation',
    /** Version 1's accepted edit that version 2's file carries (no difference). */
    importedPath: ['scene-1', 'glossary', 'glossary-term'],
    /** In version 1 only. */
    removedPath: ['scene-2', 'slide-2-2', 'learn-tip'],
  },
  /** The memory provider's suggestion for `path` (from the Rise French course's accepted edit of a near-identical source). */
  suggestion: {
    path: ['scene-2', 'slide-2-1', 'listen-tip'],
    expectedTarget: 'Notez les noms, les dates et les numéros de commande.',
    context: 'Validated in Onboarding course',
    /** "Take notes: names, dates and order numbers." against "… dates, and order numbers.": one edit in 44. */
    confidencePercent: '98%',
    model: 'translation-memory',
  },
  /** Memory reports: the French Storyline version 2 validation has a completed one; the German target a rejected one. */
  memoryReports: {
    completedFor: 'Customer service essentials (French)',
    /** A segment of the completed report with a hit from the Rise course. */
    hitPath: ['scene-2', 'slide-2-1', 'listen-tip'],
    hitOrigin: 'Onboarding course (fr)',
    rejectedFor: 'Customer service essentials (German)',
    rejectedMessage: 'No validated translations exist yet for en → de',
  },
} as const;

/** The flags turned on globally (typed for setFlag). */
const SEEDED_FLAGS: readonly FlagKey[] = SEEDED_TRANSLATIONS.flags;

const LOCALES = ['fr', 'de', 'ja', 'ar'] as const;
const STYLE: SpanStyle = { font: 'Open Sans', size: 18, color: '#1F2937', bold: false };
const BOLD: SpanStyle = { ...STYLE, bold: true };
const TITLE: SpanStyle = { font: 'Montserrat', size: 32, color: '#0B3D91', bold: true };

// ---------------------------------------------------------------------------------------------------------
// The hand-written French Storyline course

let segmentCounter = 0;
function text(id: string, source: string, target: string, slideId: string, extra: Partial<TranslationItemNode> = {}): TranslationItemNode {
  ++segmentCounter;
  // Named after the node: the same segment keeps its id across versions (get-segments finds it in both).
  return { type: 'item', id, textType: 'text', source, target, validationSegmentId: `cse-fr-${id}`, meta: { isAuthored: true }, livePreviewData: { slideId }, ...extra };
}
function html(id: string, source: string, target: string, slideId: string): TranslationItemNode {
  return { ...text(id, source, target, slideId), textType: 'html' };
}
/** Styled playerJson: each block is a list of [text, style] spans. */
function player(id: string, source: [string, SpanStyle][][], target: [string, SpanStyle][][], slideId: string): TranslationItemNode {
  const blocks = (spec: [string, SpanStyle][][]): PlayerJsonText => ({ blocks: spec.map((spans) => ({ spans: spans.map(([t, style]) => ({ text: t, style: { ...style } })), style: { align: 'left' } })) });
  return { ...text(id, '', '', slideId), textType: 'playerJson', source: blocks(source), target: blocks(target) };
}
function group(id: string, title: string, meta: TranslationGroupNode['meta'], children: TranslationNode[], template = false): TranslationGroupNode {
  return { type: 'group', id, title, meta, ...(template ? { template: true } : {}), children };
}
function choice(id: string, source: string, target: string, slideId: string, correct: boolean): TranslationItemNode {
  return text(id, source, target, slideId, { meta: { isAuthored: true, correctAnswer: correct } });
}

function audio(id: string, type: 'script' | 'captions' | 'transcript', source: string, target: string, slideId: string): TranslationItemNode {
  return text(id, source, target, slideId, { meta: { isAuthored: true, type } });
}
/** Light grey on the default white background: a contrast ratio far below 1.7 (the tools' low-contrast mark). */
const FAINT: SpanStyle = { ...STYLE, color: '#F3F4F6' };

/**
 * The French tree of a version. Version 2 against version 1 (course updates and the diff): the summary slide
 * and `listen-repeat` are new; `welcome-intro`'s English source changed; `check-question`'s French target changed
 * in the authoring app; `learn-tip` was removed. Version 1's validation (seeded) has accepted edits on `menu-search`
 * (not imported into version 2: UnimportedChange) and `glossary-term` (imported: version 2's file carries it).
 */
function customerServiceFrench(version: 1 | 2): TranslationNode[] {
  segmentCounter = 0;
  const welcome = group('slide-1-1', 'Welcome', { type: 'slide', typeIndex: 1, sceneSlideIndex: '1.1' }, [
    player('welcome-title', [[['Customer service essentials', TITLE]]], [[['Les essentiels du service client', TITLE]]], 'slide-1-1'),
    html(
      'welcome-intro',
      version === 2 ? 'Welcome, %UserName%!<br/>In <b>20 minutes</b> you will learn how to turn a complaint into loyalty.' : 'Welcome, %UserName%!<br/>You will learn how to handle complaints.',
      version === 2 ? 'Bienvenue, %UserName% !<br/>En <b>20 minutes</b>, vous apprendrez à transformer une réclamation en fidélité.' : 'Bienvenue, %UserName% !<br/>Vous apprendrez à traiter les réclamations.',
      'slide-1-1',
    ),
    text('welcome-start', 'Click Start to begin.', 'Cliquez sur Commencer pour démarrer.', 'slide-1-1'),
  ]);
  const why = group('slide-1-2', 'Why service matters', { type: 'slide', typeIndex: 2, sceneSlideIndex: '1.2' }, [
    player(
      'why-title',
      [[['Why ', TITLE], ['service', { ...TITLE, color: '#D97706' }], [' matters', TITLE]]],
      [[['Pourquoi le ', TITLE], ['service', { ...TITLE, color: '#D97706' }], [' compte', TITLE]]],
      'slide-1-2',
    ),
    html(
      'why-body',
      '%UserName%, customers who see their problem <b>solved quickly</b> are more loyal than customers who never had one.',
      '%UserName%, les clients dont le problème est <b>résolu rapidement</b> sont plus fidèles que ceux qui n’en ont jamais eu.',
      'slide-1-2',
    ),
    group('slide-1-2-layer-1', 'Did you know?', { type: 'layer' }, [
      text('why-layer-title', 'Did you know?', 'Le saviez-vous ?', 'slide-1-2'),
      player(
        'why-layer-body',
        [[['It costs ', STYLE], ['five times more', BOLD], [' to win a new customer than to keep one.', STYLE]]],
        [[['Conquérir un nouveau client coûte ', STYLE], ['cinq fois plus', BOLD], [' que d’en fidéliser un.', STYLE]]],
        'slide-1-2',
      ),
      text('why-layer-close', 'Close', 'Fermer', 'slide-1-2'),
    ]),
    html('why-continue', 'Continue', 'Continuer', 'slide-1-2'),
  ]);
  const globalScene = group('scene-1', '1 Untitled Scene', { type: 'scene', typeIndex: 1 }, [
    group(
      'template-1',
      'Master',
      { type: 'template' },
      [text('tpl-footer', 'Customer service essentials', 'Les essentiels du service client', 'template-1'), text('tpl-next', 'Next', 'Suivant', 'template-1'), text('tpl-prev', 'Previous', 'Précédent', 'template-1')],
      true,
    ),
    group('menu', '', { type: 'slide' }, [text('menu-title', 'Menu', 'Menu', 'menu'), text('menu-search', 'Search the course', 'Rechercher dans le cours', 'menu')]),
    group('resources', '', { type: 'slide' }, [text('resources-title', 'Resources', 'Ressources', 'resources'), text('resources-charter', 'Service charter (PDF)', 'Charte de service (PDF)', 'resources')]),
    group('glossary', '', { type: 'slide' }, [
      text('glossary-term', 'Escalation', version === 2 ? 'Remontée' : 'Escalade', 'glossary'),
      html('glossary-definition', 'Passing a case to <b>a senior agent</b> when it is beyond your authority.', 'Transmettre un dossier à <b>un agent expérimenté</b> lorsqu’il dépasse votre champ d’action.', 'glossary'),
    ]),
    welcome,
    why,
  ]);
  const listen = group('slide-2-1', 'Listen first', { type: 'slide', typeIndex: 1, sceneSlideIndex: '2.1' }, [
    player('listen-title', [[['Listen first', TITLE]]], [[['D’abord, écouter', TITLE]]], 'slide-2-1'),
    html(
      'listen-body',
      'Let the customer finish.<br/>Do not interrupt, even when you already know the answer.',
      'Laissez le client terminer.<br/>Ne l’interrompez pas, même si vous connaissez déjà la réponse.',
      'slide-2-1',
    ),
    text('listen-tip', 'Take notes: names, dates and order numbers.', 'Prenez des notes : noms, dates et numéros de commande.', 'slide-2-1'),
    ...(version === 2 ? [text('listen-repeat', 'Repeat the problem back to the customer.', 'Reformulez le problème devant le client.', 'slide-2-1')] : []),
    player('listen-hint', [[['Tip: ', STYLE], ['listen more than you talk', FAINT]]], [[['Astuce : ', STYLE], ['écoutez plus que vous ne parlez', FAINT]]], 'slide-2-1'),
    audio('listen-script', 'script', 'Narrator: Listening is the first step of great service.', 'Narrateur : l’écoute est la première étape d’un service de qualité.', 'slide-2-1'),
    audio('listen-captions', 'captions', 'Let the customer explain the whole problem.', 'Laissez le client expliquer tout le problème.', 'slide-2-1'),
    audio('listen-transcript', 'transcript', 'Customer: My order arrived broken. Agent: I am sorry, tell me more.', 'Client : Ma commande est arrivée cassée. Agent : Je suis désolé, dites-m’en plus.', 'slide-2-1'),
    html('listen-continue', 'Continue', 'Continuer', 'slide-2-1'),
  ]);
  const learn = group('slide-2-2', 'The LEARN model', { type: 'slide', typeIndex: 2, sceneSlideIndex: '2.2' }, [
    player(
      'learn-steps',
      [
        [['L', BOLD], ['isten, ', STYLE], ['E', BOLD], ['mpathize, ', STYLE], ['A', BOLD], ['pologize', STYLE]],
        [['R', BOLD], ['esolve, ', STYLE], ['N', BOLD], ['otify', STYLE]],
      ],
      [
        [['É', BOLD], ['couter, ', STYLE], ['c', BOLD], ['omprendre, ', STYLE], ['s', BOLD], ['’excuser', STYLE]],
        [['r', BOLD], ['ésoudre, ', STYLE], ['i', BOLD], ['nformer', STYLE]],
      ],
      'slide-2-2',
    ),
    html('learn-note', 'Apologize for the <b>experience</b>, not for company policy.', 'Excusez-vous pour <b>l’expérience vécue</b>, pas pour la politique de l’entreprise.', 'slide-2-2'),
    ...(version === 1 ? [text('learn-tip', 'Write LEARN on a sticky note.', 'Notez LEARN sur un post-it.', 'slide-2-2')] : []),
    html('learn-continue', 'Continue', 'Continuer', 'slide-2-2'),
  ]);
  const check = group('slide-2-3', 'Check your understanding', { type: 'question', typeIndex: 3, sceneSlideIndex: '2.3' }, [
    text(
      'check-question',
      'A customer is shouting about a late delivery. What do you do first?',
      version === 2 ? 'Un client crie à propos d’une livraison en retard. Que faites-vous en premier ?' : 'Un client hurle à cause d’une livraison en retard. Que faites-vous d’abord ?',
      'slide-2-3',
    ),
    choice('check-a', 'Let them finish and listen', 'Le laisser terminer et l’écouter', 'slide-2-3', true),
    choice('check-b', 'Explain the delivery policy', 'Expliquer la politique de livraison', 'slide-2-3', false),
    choice('check-c', 'Transfer the call', 'Transférer l’appel', 'slide-2-3', false),
    text('check-submit', 'Submit', 'Valider', 'slide-2-3'),
  ]);
  const draw = group('slide-2-4', 'Practice scenarios', { type: 'slide', typeIndex: 4, sceneSlideIndex: '2.4', slideDraw: { questionBankId: 'question-bank-1', buttonTitle: 'Start practice' } }, [
    text('draw-intro', 'Answer two scenarios drawn at random.', 'Répondez à deux scénarios tirés au hasard.', 'slide-2-4'),
    text('draw-button', 'Start practice', 'Commencer l’entraînement', 'slide-2-4'),
    text('draw-note', 'Scenarios are based on real customer calls.', 'Les scénarios s’inspirent d’appels réels de notre clientèle.', 'slide-2-4'),
    html('draw-continue', '<b>Continue</b>', '<b>Continuer</b>', 'slide-2-4'),
  ]);
  const summary = group('slide-2-5', 'Summary', { type: 'slide', typeIndex: 5, sceneSlideIndex: '2.5' }, [
    player('summary-title', [[['Well done, ', TITLE], ['%UserName%', TITLE]]], [[['Bravo, ', TITLE], ['%UserName%', TITLE]]], 'slide-2-5'),
    html('summary-body', 'Listen, empathize, apologize, resolve, notify.<br/>Use <b>LEARN</b> on your next call.', 'Écouter, comprendre, s’excuser, résoudre, informer.<br/>Appliquez <b>LEARN</b> lors de votre prochain appel.', 'slide-2-5'),
  ]);
  const complaints = group('scene-2', 'Handling complaints', { type: 'scene', typeIndex: 2 }, version === 2 ? [listen, learn, check, draw, summary] : [listen, learn, check, draw]);
  const bank = group('question-bank-1', 'Complaint scenarios', { type: 'questionBank' }, [
    group('qb1-q1', 'Refund request', { type: 'question', typeIndex: 1 }, [
      text('qb1-q1-question', 'The customer wants a refund outside the return window. What do you say?', 'Le client veut un remboursement hors délai de retour. Que répondez-vous ?', 'qb1-q1'),
      choice('qb1-q1-a', 'Explain the options you can offer', 'Expliquer les solutions que vous pouvez proposer', 'qb1-q1', true),
      choice('qb1-q1-b', 'Say no and end the call', 'Refuser et raccrocher', 'qb1-q1', false),
    ]),
    group('qb1-q2', 'Repeated issue', { type: 'question', typeIndex: 2 }, [
      text('qb1-q2-question', 'The same problem happened three times. What do you do?', 'Le même problème s’est produit trois fois. Que faites-vous ?', 'qb1-q2'),
      choice('qb1-q2-a', 'Escalate to a senior agent', 'Escalader vers un agent expérimenté', 'qb1-q2', true),
      choice('qb1-q2-b', 'Open a new ticket', 'Ouvrir un nouveau ticket', 'qb1-q2', false),
    ]),
  ]);
  return [globalScene, complaints, bank];
}

/** The hand-written French Rise course of the Onboarding stack: overview, two sections of lessons, timed captions. */
function onboardingFrench(): TranslationNode[] {
  segmentCounter = 0;
  const lessonText = (lessonId: string, id: string, source: string, target: string, kind: 'text' | 'html' = 'text'): TranslationItemNode => ({
    ...text(id, source, target, lessonId, { livePreviewData: { lessonId } }),
    textType: kind,
    validationSegmentId: `onb-fr-${String(segmentCounter).padStart(3, '0')}`,
  });
  const caption = (lessonId: string, id: string, source: string, target: string): TranslationItemNode => ({
    ...lessonText(lessonId, id, source, target),
    meta: { isAuthored: true, timedText: true, type: 'captions' },
  });
  const lesson = (id: string, title: string, typeIndex: number, children: TranslationItemNode[]) => group(id, title, { type: 'lesson', typeIndex }, children);
  return [
    group('overview', 'Course overview', { type: 'lesson', courseOverview: true }, [
      lessonText('overview', 'overview-title', 'Onboarding course', 'Parcours d’intégration'),
      lessonText('overview', 'overview-description', 'Everything you need for your <b>first weeks</b> with us.', 'Tout ce qu’il vous faut pour vos <b>premières semaines</b> parmi nous.', 'html'),
    ]),
    group('section-1', 'Getting started', { type: 'section', typeIndex: 1 }, [
      lesson('lesson-1-1', 'Welcome aboard', 1, [
        lessonText('lesson-1-1', 'l11-heading', 'Welcome aboard, %UserName%!', 'Bienvenue à bord, %UserName% !'),
        lessonText('lesson-1-1', 'l11-body', 'This course takes about <b>30 minutes</b>.<br/>You can stop and come back at any time.', 'Ce cours dure environ <b>30 minutes</b>.<br/>Vous pouvez l’interrompre et le reprendre à tout moment.', 'html'),
        caption('lesson-1-1', 'l11-caption-1', 'Hi, I am Alex, and I lead the team.', 'Bonjour, je suis Alex et je dirige l’équipe.'),
        caption('lesson-1-1', 'l11-caption-2', 'We are glad you are here.', 'Nous sommes ravis de vous accueillir.'),
      ]),
      lesson('lesson-1-2', 'Your first day', 2, [
        lessonText('lesson-1-2', 'l12-heading', 'Your first day', 'Votre premier jour'),
        lessonText('lesson-1-2', 'l12-body', 'Pick up your badge at reception, then meet your <b>buddy</b>.', 'Récupérez votre badge à l’accueil, puis rencontrez votre <b>parrain</b>.', 'html'),
        lessonText('lesson-1-2', 'l12-tip', 'Bring an ID document.', 'Apportez une pièce d’identité.'),
      ]),
    ]),
    group('section-2', 'How we work', { type: 'section', typeIndex: 2 }, [
      lesson('lesson-2-1', 'Tools we use', 3, [
        lessonText('lesson-2-1', 'l21-heading', 'Tools we use', 'Nos outils'),
        lessonText('lesson-2-1', 'l21-body', 'Chat for quick questions, e-mail for decisions, the wiki for everything else.', 'Le chat pour les questions rapides, l’e-mail pour les décisions, le wiki pour tout le reste.'),
      ]),
      lesson('lesson-2-2', 'Asking for help', 4, [
        lessonText('lesson-2-2', 'l22-heading', 'Asking for help', 'Demander de l’aide'),
        lessonText('lesson-2-2', 'l22-body', 'No question is too small.<br/>Your manager and your buddy are there for you.', 'Aucune question n’est trop petite.<br/>Votre responsable et votre parrain sont là pour vous.', 'html'),
        caption('lesson-2-2', 'l22-caption-1', 'When in doubt, ask.', 'En cas de doute, demandez.'),
      ]),
      // Near the Storyline course's English: the team's translation memory for en → fr (complete, validated).
      lesson('lesson-2-3', 'Customer care basics', 5, [
        lessonText('lesson-2-3', 'care-heading', 'Customer care basics', 'Les bases de la relation client'),
        lessonText('lesson-2-3', 'care-notes', 'Take notes: names, dates, and order numbers.', 'Prenez des notes : les noms, les dates et les numéros de commande.'),
        lessonText('lesson-2-3', 'care-listen', 'Let the customer finish. Do not interrupt, even when you already know the answer.', 'Laissez le client finir. Ne l’interrompez pas, même si vous connaissez la réponse.'),
        lessonText('lesson-2-3', 'care-apologize', 'Apologize for the experience, not for the company policy.', 'Excusez-vous pour l’expérience, pas pour la politique de l’entreprise.'),
        lessonText('lesson-2-3', 'care-escalate', 'Escalate to a senior agent', 'Transférer à un agent expérimenté'),
      ]),
    ]),
  ];
}

function storylineFile(version: number, children: TranslationNode[], baseChildren: TranslationNode[]): TranslationFile {
  return { sourceLocale: 'en', targetLocale: 'fr', version, product: 'storyline', storylineVersion: '3.91.31176.0', children, baseChildren, translationMemoryReportIds: [] };
}

/** The item at a path of a tree. */
function itemAt(nodes: readonly TranslationNode[], path: readonly string[]): TranslationItemNode {
  let list = nodes;
  let found: TranslationNode | undefined;
  for (const id of path) {
    found = list.find((node) => node.id === id);
    if (!found) break;
    list = found.type === 'group' ? found.children : [];
  }
  if (found?.type !== 'item') throw new Error(`seed: no item at ${path.join('/')}`);
  return found;
}

// ---------------------------------------------------------------------------------------------------------

/** Seeds the translation stacks (see the top of this file). Needs the items' versions (seedVersions) in place. */
export async function seedTranslations(db: Db, cdn: TranslationCdn, now: Date = new Date()): Promise<void> {
  for (const key of SEEDED_FLAGS) await setFlag(db, { key, subscriptionId: null, value: true, updatedBy: null }, now);
  const iso = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3_600_000).toISOString();
  const users = new Map((await db.selectFrom('users').select(['aid', 'email']).execute()).map((u) => [u.email, u.aid]));
  const vera = users.get('vera.validator@example.com') ?? '';
  const maria = users.get('maria.multi@example.com') ?? '';

  const members = await db
    .selectFrom('items')
    .innerJoin('item_stacks', 'item_stacks.id', 'items.stack_id')
    .select(['items.id', 'items.title', 'items.stack_id', 'item_stacks.title as stackTitle'])
    .where('item_stacks.title', 'in', [SEEDED_TRANSLATIONS.riseStack, SEEDED_TRANSLATIONS.storylineStack])
    .execute();
  const versions = await db.selectFrom('item_versions').selectAll().where('item_id', 'in', members.map((m) => m.id)).orderBy('seq').execute();
  const firstVersion = (itemId: string) => versions.find((v) => v.item_id === itemId);
  const byTitle = new Map(members.map((m) => [m.title, m]));

  const frenchReportId = randomUUID();
  const reportsToCompute: { id: string; validationId: string; itemId: string; fileKey: string; at: string }[] = [];

  await db.transaction().execute(async (trx) => {
    const files: { itemId: string; versionId: string; file: TranslationFile }[] = [];
    for (const [stackTitle, product] of [
      [SEEDED_TRANSLATIONS.riseStack, 'rise'],
      [SEEDED_TRANSLATIONS.storylineStack, 'storyline'],
    ] as const) {
      for (const [locale, language] of Object.entries(SEEDED_TRANSLATIONS.languages)) {
        const member = byTitle.get(`${stackTitle} (${language})`);
        if (!member?.stack_id) continue;
        await trx.insertInto('translation_items').values({ item_id: member.id, stack_id: member.stack_id, locale, role: locale === 'en' ? 'source' : 'target' }).execute();
        const version = firstVersion(member.id);
        if (locale === 'en' || !version || !(LOCALES as readonly string[]).includes(locale)) continue;
        if (member.title === SEEDED_TRANSLATIONS.storylineFrench) continue;
        if (member.title === SEEDED_TRANSLATIONS.riseFrench) {
          files.push({ itemId: member.id, versionId: version.id, file: { sourceLocale: 'en', targetLocale: 'fr', version: 1, product: 'rise', children: onboardingFrench(), baseChildren: [], translationMemoryReportIds: [] } });
          continue;
        }
        const seed = 11 + LOCALES.indexOf(locale as (typeof LOCALES)[number]) + (product === 'rise' ? 0 : 100);
        const file = product === 'rise' ? generateRiseCourse({ segments: 48, targetLocale: locale, seed }) : generateStorylineCourse({ segments: 60, targetLocale: locale, seed });
        if (product === 'storyline' && locale === 'ja') withJapaneseService(file);
        files.push({ itemId: member.id, versionId: version.id, file });
      }
    }

    // The hand-written French Storyline target: version 1 as seeded, version 2 added (same package, like a re-publish).
    const french = byTitle.get(SEEDED_TRANSLATIONS.storylineFrench);
    const v1 = french ? firstVersion(french.id) : undefined;
    let frenchV2: string | null = null;
    if (french && v1) {
      frenchV2 = randomUUID();
      const at = iso(20);
      await trx
        .insertInto('item_versions')
        .values({ ...v1, id: frenchV2, seq: v1.seq + 1, files_of_version_id: v1.files_of_version_id ?? v1.id, user_aid: v1.user_aid, created_at: at, updated_at: at })
        .execute();
      const backup = await trx.selectFrom('backups').selectAll().where('version_id', '=', v1.id).executeTakeFirst();
      if (backup) await trx.insertInto('backups').values({ ...backup, id: randomUUID(), version_id: frenchV2, created_at: at }).execute();
      const version1 = customerServiceFrench(1);
      files.push({ itemId: french.id, versionId: v1.id, file: storylineFile(1, version1, []) });
      files.push({ itemId: french.id, versionId: frenchV2, file: { ...storylineFile(2, customerServiceFrench(2), version1), translationMemoryReportIds: [frenchReportId] } });
    }

    for (const { itemId, versionId, file } of files) {
      const key = cdn.newKey(itemId, versionId);
      await cdn.write(key, JSON.stringify(file));
      await trx.insertInto('translation_files').values({ item_id: itemId, version_id: versionId, file_key: key }).execute();
    }

    // Edits on the French Storyline version 2: slide 1.1 complete (accepted), pending edits on scene 2.
    const v2File = files.find((f) => f.versionId === frenchV2);
    if (french && frenchV2 && v2File) {
      const fileKey = (await trx.selectFrom('translation_files').select('file_key').where('version_id', '=', frenchV2).executeTakeFirstOrThrow()).file_key;
      const validationId = randomUUID();
      await trx.insertInto('validations').values({ id: validationId, item_id: french.id, version_id: frenchV2, target_locale: 'fr', file_key: fileKey, created_at: iso(10) }).execute();
      const change = (path: string[], newValue: string, by: string, hoursAgo: number, accepted: { by: string; hoursAgo: number } | null): ValidationChangeRow => ({
        validation_id: validationId,
        path_key: pathKey(path),
        validation_segment_id: itemAt(v2File.file.children, path).validationSegmentId,
        new_value: newValue,
        status: accepted ? 'accepted' : 'pending',
        proposed_by: by,
        proposed_at: iso(hoursAgo),
        last_accepted_date: accepted ? iso(accepted.hoursAgo) : null,
        last_accepted_by: accepted?.by ?? null,
        force_update: 0,
        suggestion_model: null,
        normalized_distance: 0.2,
        is_course_update: 0,
      });
      const complete = [...SEEDED_TRANSLATIONS.completeSlidePath];
      await trx
        .insertInto('validation_changes')
        .values([
          change([...complete, 'welcome-start'], 'Cliquez sur Commencer pour débuter.', vera, 9, { by: vera, hoursAgo: 8 }),
          change(
            [...complete, 'welcome-intro'],
            'Bienvenue, %UserName% !<br/>En <b>20 minutes</b>, vous apprendrez à faire d’une réclamation une source de fidélité.',
            maria,
            9,
            { by: vera, hoursAgo: 8 },
          ),
          change([...SEEDED_TRANSLATIONS.pendingSegmentPath], 'Laissez le client aller au bout de ses explications.<br/>Ne l’interrompez pas, même si vous connaissez déjà la réponse.', vera, 5, null),
          change(['scene-2', 'slide-2-3', 'check-submit'], 'Envoyer', maria, 3, null),
        ])
        .execute();
      await trx.insertInto('validation_progress').values({ validation_id: validationId, path_key: pathKey(complete), user_aid: vera, updated_at: iso(8), is_course_update: 0 }).execute();
      reportsToCompute.push({ id: frenchReportId, validationId, itemId: french.id, fileKey, at: iso(2) });

      // Version 1's validation: two accepted edits, one of them not imported into version 2 (the version diff).
      const v1File = files.find((f) => f.versionId === v1!.id)!;
      const v1Key = (await trx.selectFrom('translation_files').select('file_key').where('version_id', '=', v1!.id).executeTakeFirstOrThrow()).file_key;
      const v1Validation = randomUUID();
      await trx.insertInto('validations').values({ id: v1Validation, item_id: french.id, version_id: v1!.id, target_locale: 'fr', file_key: v1Key, created_at: iso(30) }).execute();
      const accepted = (path: readonly string[], newValue: string): ValidationChangeRow => ({
        validation_id: v1Validation,
        path_key: pathKey(path),
        validation_segment_id: itemAt(v1File.file.children, path).validationSegmentId,
        new_value: newValue,
        status: 'accepted',
        proposed_by: vera,
        proposed_at: iso(29),
        last_accepted_date: iso(28),
        last_accepted_by: vera,
        force_update: 0,
        suggestion_model: null,
        normalized_distance: 0.3,
        is_course_update: 0,
      });
      await trx
        .insertInto('validation_changes')
        .values([accepted(SEEDED_TRANSLATIONS.diff.unimportedPath, SEEDED_TRANSLATIONS.diff.unimportedValue), accepted(SEEDED_TRANSLATIONS.diff.importedPath, 'Remontée')])
        .execute();
    }

    // The Rise French course: its "Customer care basics" lesson complete, one edit accepted (the en → fr memory).
    const riseFrench = byTitle.get(SEEDED_TRANSLATIONS.riseFrench);
    const riseFile = files.find((f) => f.itemId === riseFrench?.id);
    if (riseFrench && riseFile) {
      const key = (await trx.selectFrom('translation_files').select('file_key').where('item_id', '=', riseFrench.id).executeTakeFirstOrThrow()).file_key;
      const riseValidation = randomUUID();
      await trx.insertInto('validations').values({ id: riseValidation, item_id: riseFrench.id, version_id: riseFile.versionId, target_locale: 'fr', file_key: key, created_at: iso(50) }).execute();
      const lesson = ['section-2', 'lesson-2-3'];
      await trx
        .insertInto('validation_changes')
        .values({
          validation_id: riseValidation,
          path_key: pathKey([...lesson, 'care-notes']),
          validation_segment_id: itemAt(riseFile.file.children, [...lesson, 'care-notes']).validationSegmentId,
          new_value: SEEDED_TRANSLATIONS.suggestion.expectedTarget,
          status: 'accepted',
          proposed_by: maria,
          proposed_at: iso(49),
          last_accepted_date: iso(48),
          last_accepted_by: vera,
          force_update: 0,
          suggestion_model: null,
          normalized_distance: 0.3,
          is_course_update: 0,
        })
        .execute();
      await trx.insertInto('validation_progress').values({ validation_id: riseValidation, path_key: pathKey(lesson), user_aid: vera, updated_at: iso(48), is_course_update: 0 }).execute();
    }

    // The German Storyline target: a report that is rejected (nothing validated in en → de).
    const german = byTitle.get(`${SEEDED_TRANSLATIONS.storylineStack} (German)`);
    const germanFile = files.find((f) => f.itemId === german?.id);
    if (german && germanFile) {
      const key = (await trx.selectFrom('translation_files').select('file_key').where('item_id', '=', german.id).executeTakeFirstOrThrow()).file_key;
      const germanValidation = randomUUID();
      await trx.insertInto('validations').values({ id: germanValidation, item_id: german.id, version_id: germanFile.versionId, target_locale: 'de', file_key: key, created_at: iso(12) }).execute();
      reportsToCompute.push({ id: randomUUID(), validationId: germanValidation, itemId: german.id, fileKey: key, at: iso(3) });
    }
  });

  // The memory reports, computed by the service's own code over what was just stored.
  const models = createModelCache(cdn);
  for (const report of reportsToCompute) {
    const loaded = await models.load(report.fileKey);
    const item = await db.selectFrom('items').selectAll().where('id', '=', report.itemId).executeTakeFirstOrThrow();
    if (!loaded) continue;
    const { sourceLocale, targetLocale } = loaded.file;
    const scope = { subscriptionId: await subscriptionOfItem(db, item), ownerAid: item.user_aid, sourceLocale, targetLocale };
    const memory = new TranslationMemoryIndex(await loadMemoryEntries(db, models, scope, () => undefined));
    const items = await computeReportItems(loaded.model, memory, item.id);
    await db
      .insertInto('translation_memory_reports')
      .values({
        id: report.id,
        validation_id: report.validationId,
        status: items === null ? 'rejected' : 'completed',
        source_language: sourceLocale,
        target_language: targetLocale,
        formality: 'default',
        message: items === null ? emptyMemoryMessage(sourceLocale, targetLocale) : null,
        requested_at: report.at,
        completed_at: report.at,
        items_json: JSON.stringify(items ?? []),
      })
      .execute();
  }
}

/** The Japanese Storyline target names "customer service" (カスタマーサービス) on its menu and glossary (plain-match search). */
function withJapaneseService(file: TranslationFile): void {
  for (const { path, item } of fixtureItems(file.children)) {
    const wanted = SEEDED_TRANSLATIONS.japanese.targets[pathKey(path)];
    if (wanted !== undefined) item.target = wanted;
  }
}
