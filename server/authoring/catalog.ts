/**
 * The seed data of the authoring stand-ins: business-content templates (courses and microlearning), characters and
 * recorded training webinars. Written for this project; the images are drawn in code (images.ts).
 */
import { CURATED_TEMPLATE_IDS, type TemplateCard, type TemplateType, type Webinar } from '../../domain/dashboard.ts';

interface TemplateSeed {
  id: string;
  title: string;
  description: string;
  topic: string;
  lessons: number;
}

const COURSES: readonly TemplateSeed[] = [
  { id: 'tpl-onboarding-essentials', title: 'Onboarding Essentials', description: 'Welcome new hires with the company story, the first-week checklist, the tools they will use and the people to ask.', topic: 'Human resources', lessons: 8 },
  { id: 'tpl-workplace-safety', title: 'Workplace Safety Fundamentals', description: 'Hazard spotting, reporting near misses, protective equipment and what to do in the first five minutes of an emergency.', topic: 'Compliance', lessons: 6 },
  { id: 'tpl-customer-service', title: 'Customer Service Excellence', description: 'Listening first, owning the problem, setting expectations and closing the loop: practice with branching scenarios.', topic: 'Customer experience', lessons: 7 },
  { id: 'tpl-code-of-conduct', title: 'Code of Conduct', description: 'How we work together: conflicts of interest, gifts, speaking up, and where to go when something feels wrong.', topic: 'Compliance', lessons: 5 },
  { id: 'tpl-cybersecurity-basics', title: 'Cybersecurity Basics', description: 'Phishing, passwords and passkeys, safe sharing, and lost devices: the habits that stop most incidents before they start.', topic: 'Information security', lessons: 6 },
  { id: 'tpl-leading-teams', title: 'Leading High-Performing Teams', description: 'Set direction, delegate with clarity, run one-to-ones that matter and build trust across a distributed team.', topic: 'Leadership', lessons: 9 },
  { id: 'tpl-giving-feedback', title: 'Giving and Receiving Feedback', description: 'A simple model for specific, kind and useful feedback, with practice conversations for the hard cases.', topic: 'Leadership', lessons: 4 },
  { id: 'tpl-time-management', title: 'Time Management That Works', description: 'Plan the week, protect focus time, say no gracefully and keep a task list you actually trust.', topic: 'Productivity', lessons: 5 },
  { id: 'tpl-diversity-inclusion', title: 'Diversity, Equity and Inclusion', description: 'Recognise bias, include every voice in meetings and make everyday decisions fairer for everyone on the team.', topic: 'Culture', lessons: 6 },
  { id: 'tpl-data-privacy', title: 'Data Privacy at Work', description: 'Personal data, lawful use, retention and breaches explained with examples from sales, support and HR.', topic: 'Compliance', lessons: 7 },
  { id: 'tpl-sales-discovery', title: 'Sales Discovery Calls', description: 'Prepare, open, ask better questions and agree next steps: a call structure with practice dialogues.', topic: 'Sales', lessons: 5 },
  { id: 'tpl-product-launch', title: 'Product Launch Training', description: 'Everything the field needs on launch day: positioning, demo script, objections and the pricing sheet.', topic: 'Product', lessons: 6 },
  { id: 'tpl-remote-work', title: 'Thriving in Remote Work', description: 'Set up a healthy workspace, communicate asynchronously and stay connected to a team you rarely meet.', topic: 'Productivity', lessons: 4 },
  { id: 'tpl-anti-harassment', title: 'Preventing Harassment', description: 'What harassment looks like, how to intervene as a bystander and how reports are handled, step by step.', topic: 'Compliance', lessons: 6 },
  { id: 'tpl-project-kickoff', title: 'Project Kickoff Playbook', description: 'Goals, scope, roles and risks agreed in one meeting: a template agenda with the documents that follow it.', topic: 'Project management', lessons: 5 },
  { id: 'tpl-wellbeing-at-work', title: 'Wellbeing at Work', description: 'Energy, stress and rest: small routines that help people stay well, and how managers can support them.', topic: 'Culture', lessons: 4 },
  { id: 'tpl-negotiation-skills', title: 'Negotiation Skills', description: 'Interests over positions, anchoring, concessions and walking away: a practical guide with role plays.', topic: 'Sales', lessons: 6 },
  { id: 'tpl-presentation-skills', title: 'Presenting with Confidence', description: 'Structure a story, design clear slides and handle questions calmly in the room and on video calls.', topic: 'Communication', lessons: 5 },
  { id: 'tpl-accessibility-basics', title: 'Accessibility Basics', description: 'Design and write for everyone: contrast, headings, alt text, captions and keyboard use explained.', topic: 'Product', lessons: 5 },
  { id: 'tpl-change-management', title: 'Leading Through Change', description: 'Explain the why, bring people along and keep momentum through the messy middle of a change.', topic: 'Leadership', lessons: 6 },
];

const MICROLEARNING: readonly TemplateSeed[] = [
  { id: 'ml-spot-phishing', title: 'Spot a Phishing E-mail', description: 'Five signs in two minutes, then a quick check.', topic: 'Information security', lessons: 1 },
  { id: 'ml-active-listening', title: 'Active Listening', description: 'Three techniques to show people they were heard.', topic: 'Communication', lessons: 1 },
  { id: 'ml-one-to-ones', title: 'Better One-to-Ones', description: 'An agenda that keeps the meeting about the person.', topic: 'Leadership', lessons: 1 },
  { id: 'ml-fire-exits', title: 'Know Your Fire Exits', description: 'Where to go, whom to tell, and what to leave behind.', topic: 'Compliance', lessons: 1 },
  { id: 'ml-meeting-notes', title: 'Useful Meeting Notes', description: 'Decisions, owners and dates: nothing else.', topic: 'Productivity', lessons: 1 },
  { id: 'ml-saying-no', title: 'Saying No Kindly', description: 'Protect your priorities without damaging relationships.', topic: 'Productivity', lessons: 1 },
  { id: 'ml-inclusive-language', title: 'Inclusive Language', description: 'Everyday swaps that make writing welcoming.', topic: 'Culture', lessons: 1 },
  { id: 'ml-password-managers', title: 'Password Managers in 3 Minutes', description: 'Why to use one and how to start today.', topic: 'Information security', lessons: 1 },
];

const PALETTES: readonly [string, string][] = [
  ['#1f4fd1', '#8fb3ff'],
  ['#0f7b6c', '#7fe0c8'],
  ['#a23b72', '#f3a8cf'],
  ['#b35c00', '#ffc98a'],
  ['#4b3aa8', '#b9adff'],
  ['#22577a', '#9ad1f0'],
];

/** A stable palette index for an id (the same id is always drawn the same). */
export function paletteOf(id: string): [string, string] {
  let sum = 0;
  for (const c of id) sum = (sum * 31 + c.charCodeAt(0)) >>> 0;
  return PALETTES[sum % PALETTES.length] ?? PALETTES[0]!;
}

function card(seed: TemplateSeed, type: TemplateType, imageBase: string): TemplateCard {
  const image = `${imageBase}/images/${type === 'Course' ? 'templates' : 'microlearning'}/${seed.id}.svg`;
  return {
    id: seed.id,
    content_id: `content-${seed.id}`,
    internal_id: `internal-${seed.id}`,
    title: seed.title,
    description: seed.description,
    image,
    card_image: image,
    lesson_count: seed.lessons,
    topicTitle: seed.topic,
    templateType: type,
  };
}

/**
 * The browse_dashboard body. The service's own order is not the curated order: the curated templates are spread among
 * the rest, so the client's ordering shows (review-and-content §9 "curated featured templates first").
 */
export function browseDashboard(imageBase: string): { courses: TemplateCard[]; microlearning: TemplateCard[] } {
  const courses = [...COURSES].sort((a, b) => a.title.localeCompare(b.title)).map((seed) => card(seed, 'Course', imageBase));
  return { courses, microlearning: MICROLEARNING.map((seed) => card(seed, 'Microlearning', imageBase)) };
}

/** One template (course or microlearning) by id or content id. */
export function findTemplate(imageBase: string, id: string): TemplateCard | undefined {
  const { courses, microlearning } = browseDashboard(imageBase);
  return [...courses, ...microlearning].find((c) => c.id === id || c.content_id === id);
}

export interface Character {
  id: string;
  name: string;
  style: 'Illustrated' | 'Photographic';
  role: string;
  poses: number;
  expressions: string[];
  image: string;
}

const CHARACTERS: readonly Omit<Character, 'image'>[] = [
  { id: 'chr-amara', name: 'Amara', style: 'Illustrated', role: 'Team lead', poses: 24, expressions: ['Happy', 'Thinking', 'Concerned', 'Surprised'] },
  { id: 'chr-diego', name: 'Diego', style: 'Illustrated', role: 'Customer', poses: 18, expressions: ['Neutral', 'Frustrated', 'Relieved'] },
  { id: 'chr-hana', name: 'Hana', style: 'Photographic', role: 'Engineer', poses: 30, expressions: ['Smiling', 'Focused', 'Explaining'] },
  { id: 'chr-oliver', name: 'Oliver', style: 'Photographic', role: 'Sales representative', poses: 27, expressions: ['Confident', 'Listening', 'Pointing'] },
];

export function findCharacter(imageBase: string, id: string): Character | undefined {
  const found = CHARACTERS.find((c) => c.id === id);
  return found ? { ...found, image: `${imageBase}/images/characters/${found.id}.svg` } : undefined;
}

export const CHARACTER_IDS = CHARACTERS.map((c) => c.id);

/** Recorded webinars of the training home, newest first (7: the sidebar shows 3 and "show 4 more"). */
export const RECORDED_WEBINARS: readonly Webinar[] = [
  { id: 'web-101', slug: 'rise-quick-start', title: 'Rise Quick Start: Your First Course in 30 Minutes', series: { title: 'Getting started' } },
  { id: 'web-102', slug: 'templates-to-finished-course', title: 'From Template to Finished Course', series: { title: 'Getting started' } },
  { id: 'web-103', slug: 'review-cycles', title: 'Faster Review Cycles with Your Stakeholders', series: { title: 'Review' } },
  { id: 'web-104', slug: 'microlearning-that-sticks', title: 'Microlearning That Sticks', series: { title: 'Instructional design' } },
  { id: 'web-105', slug: 'accessible-courses', title: 'Building Accessible Courses', series: { title: 'Instructional design' } },
  { id: 'web-106', slug: 'scenario-design', title: 'Designing Branching Scenarios', series: { title: 'Storyline' } },
  { id: 'web-107', slug: 'localizing-content', title: 'Localizing Content for a Global Team', series: { title: 'Localization' } },
];

/** Every curated id exists in the catalogue (checked by the server tests). */
export const CURATED_IN_CATALOG = CURATED_TEMPLATE_IDS.every((id) => COURSES.some((c) => c.id === id));
