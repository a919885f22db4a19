/** Registry entries of the dashboard feature: each machine with its payload cases (charts, path generation, replay read them). */
import { dashboardMachine } from './dashboardMachine.ts';
import type { RegistryEntry } from '../registryCases.ts';
// The authoring dashboard's lifecycles: its loads and course creation, the what's-new carousel, the course import page.
import { authoringDashboardMachine } from './authoringDashboardMachine.ts';
import { courseImportMachine } from './courseImportMachine.ts';
import { whatsNewMachine } from './whatsNewMachine.ts';
import { contentPageMachine } from './contentPageMachine.ts';

const TEMPLATE = {
  id: 'tpl-workplace-safety',
  content_id: 'content-tpl-workplace-safety',
  internal_id: 'internal-tpl-workplace-safety',
  title: 'Workplace Safety Fundamentals',
  description: 'Hazard spotting and reporting.',
  image: 'http://localhost:3000/services/contentBrowse/images/templates/tpl-workplace-safety.svg',
  card_image: 'http://localhost:3000/services/contentBrowse/images/templates/tpl-workplace-safety.svg',
  lesson_count: 6,
  topicTitle: 'Compliance',
  templateType: 'Course',
};
const WEBINAR = { id: 'web-101', slug: 'rise-quick-start', title: 'Rise Quick Start', series: { title: 'Getting started' } };
const httpError = (status: number, message: string) => ({ error: { name: 'HttpError', status, error: 'Error', message } });

export const dashboardEntries: readonly RegistryEntry[] = [
  {
    name: 'dashboard',
    machine: dashboardMachine,
    description:
      "The header's and dashboard's overlays (foundation §2): the upgrade (subscribe) modal the header opens, the renewal alert's dismissal for the page load, the #reachActivated success banner, the flash message bar (an id of the fixed set carried by ?flash=, shown until dismissed or another page); reset at sign-out.",
    cases: {
      'dashboard.openUpgrade': [{ placement: 'rise' }, { placement: 'header' }],
      'dashboard.hashRead': [{ hash: 'activateReach' }, { hash: 'reachActivated' }],
      'dashboard.flashRead': [{ id: 'staffOnly', path: '/' }, { id: 'signInExpired', path: '/signin' }, { id: '<b>hostile</b>', path: '/' }],
      'dashboard.pageShown': [{ path: '/' }, { path: '/review' }],
    },
  },
  // The authoring dashboard's lifecycles.
  {
    name: 'authoringDashboard',
    machine: authoringDashboardMachine,
    description:
      "The authoring dashboard at / (review-and-content §2, §7–§9): templates (browse_dashboard, curated first), recent webinars (failure reported, list left loading), onboarding eligibility (5 s time-out; eligible → the growth product's /questions), and course creation or template import (clicks ignored while one runs; → /authoring/{id} or /import-course/{id}; 401 → signed out with the access-token error).",
    cases: {
      'authoringDashboard.createCourse': [{ kind: 'course' }, { kind: 'aiOutline' }],
      'authoringDashboard.importTemplate': [{ contentId: 'content-tpl-workplace-safety' }],
      'xstate.done.actor.loadTemplates': [{ output: { courses: [TEMPLATE], microlearning: [{ ...TEMPLATE, id: 'ml-1', templateType: 'Microlearning' }] } }, { output: { courses: 'nope' } }],
      'xstate.error.actor.loadTemplates': [httpError(500, 'Request failed with status 500.')],
      'xstate.done.actor.loadWebinars': [{ output: { recordedWebinars: [WEBINAR, { ...WEBINAR, id: 'web-102' }] } }, { output: {} }],
      'xstate.error.actor.loadWebinars': [httpError(503, 'Request failed with status 503.')],
      'xstate.done.actor.checkOnboarding': [{ output: { eligible: true } }, { output: { eligible: false } }],
      'xstate.error.actor.checkOnboarding': [httpError(0, 'The service could not be reached.')],
      'xstate.done.actor.createCourse': [{ output: { id: 'course-1' } }, { output: {} }],
      'xstate.error.actor.createCourse': [httpError(401, 'The access token is invalid or has expired. Sign in again.'), httpError(403, 'Creating courses needs a seat on an active subscription that includes Rise.')],
      'xstate.done.actor.importTemplate': [{ output: { id: 'course-2' } }, { output: { id: '' } }],
      'xstate.error.actor.importTemplate': [httpError(401, 'Sign in first.'), httpError(404, 'No template has this content id.')],
    },
  },
  {
    name: 'whatsNew',
    machine: whatsNewMachine,
    description: "The dashboard's what's-new carousel (review-and-content §9): 3 slides, wrapping next and previous, dots; plays on its own unless paused or the person prefers reduced motion.",
    cases: {
      'whatsNew.goTo': [{ index: 2 }, { index: 7 }],
      'whatsNew.motionPreference': [{ reduced: true }, { reduced: false }],
    },
  },
  {
    name: 'courseImport',
    machine: courseImportMachine,
    description:
      "The course-import wait page (review-and-content §2, §4, §8): joins the author's room on the conveyor, fetches the course, waits for 'import business content course success' for it → the authoring tool's course page; a failed join or fetch → the authoring home.",
    cases: {
      'courseImport.open': [{ courseId: 'course-1', userId: 'u-alex' }],
      'conveyor.joinFailed': [{ message: 'forbidden' }],
      'conveyor.succeeded': [{ courseId: 'course-1' }, { courseId: 'course-other' }],
      'xstate.done.actor.getCourse': [{ output: { course: { id: 'course-1', status: 'importing' } } }, { output: { course: { id: 'course-9' } } }],
      'xstate.error.actor.getCourse': [httpError(404, 'No course of yours has this id.')],
    },
  },
  {
    name: 'contentPage',
    machine: contentPageMachine,
    description: 'A content page, /content/template/{id} or /content/character/{id} (review-and-content §2): loading → loaded | notFound (404) | failed (try again).',
    cases: {
      'contentPage.open': [{ kind: 'template', id: 'tpl-workplace-safety' }, { kind: 'character', id: 'chr-amara' }],
      'xstate.done.actor.loadContent': [{ output: TEMPLATE }],
      'xstate.error.actor.loadContent': [httpError(404, 'No template has this id.'), httpError(0, 'The service could not be reached.')],
    },
  },
];
