import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { coverImageUrl, importCoursePath, readBrowseDashboard, type TemplateCard } from '../../../domain/dashboard.ts';
import type { ContentPageKind } from '../../../machines/dashboard/contentPageMachine.ts';
import { Banner, Button, buttonClass, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { PublicLayout } from '../chrome/PublicLayout.tsx';
import { signInHref } from '../header/ContentLibraryHeader.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import '../../styles/dashboard.css';

interface Character {
  id: string;
  name: string;
  style: string;
  role: string;
  poses: number;
  expressions: string[];
  image: string;
}

/** A template record read strictly (the card reader of the browse response). */
function templateOf(record: unknown): TemplateCard | null {
  return readBrowseDashboard({ courses: [record], microlearning: [] })?.courses[0] ?? null;
}

function characterOf(record: unknown): Character | null {
  const r = record as Record<string, unknown> | null;
  if (!r || typeof r !== 'object') return null;
  const texts = ['id', 'name', 'style', 'role', 'image'] as const;
  if (!texts.every((key) => typeof r[key] === 'string') || typeof r.poses !== 'number' || !Array.isArray(r.expressions)) return null;
  return { ...(r as unknown as Character), expressions: r.expressions.filter((e): e is string => typeof e === 'string') };
}

function useContentPage(kind: ContentPageKind, id: string) {
  const { contentPage } = useSystem();
  useEffect(() => {
    contentPage.send({ type: 'contentPage.open', kind, id });
    return () => contentPage.send({ type: 'contentPage.close' });
  }, [contentPage, kind, id]);
  const status = useSelector(contentPage, (s) => (s.matches('loaded') ? 'loaded' : s.matches('notFound') ? 'notFound' : s.matches('failed') ? 'failed' : 'loading'));
  const record = useSelector(contentPage, (s) => s.context.record);
  return { status, record, retry: () => contentPage.send({ type: 'contentPage.retry' }) };
}

function PageState({ status, loading, notFound, failed, retry }: { status: string; loading: string; notFound: string; failed: string; retry: () => void }) {
  if (status === 'loading') return <Spinner size="lg" label={loading} showLabel />;
  if (status === 'notFound') return <Banner tone="warning" title={notFound} action={<Link href="/">{t('content.backToDashboard')}</Link>} />;
  return (
    <Banner
      tone="error"
      title={failed}
      announce
      action={
        <Button size="sm" onClick={retry}>
          {t('content.retry')}
        </Button>
      }
    />
  );
}

/** The content page's article: its picture, name, facts (label, value) and what a visitor can do next. */
function ContentArticle({ image, title, facts, children }: { image: string; title: string; facts: readonly (readonly [string, ReactNode])[]; children: ReactNode }) {
  return (
    <article className="content-page__article">
      <img className="content-page__image" src={coverImageUrl(image, { width: 984, height: 592 })} alt="" width={492} height={296} />
      <div className="content-page__text">
        <h1 className="page-title">{title}</h1>
        <dl className="content-page__facts">
          {facts.map(([label, value]) => (
            <div key={label} className="content-page__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {children}
      </div>
    </article>
  );
}

/** Back to the dashboard when signed in; a signed-out visitor has the header's Sign in and Start free trial instead. */
function BackLink({ signedIn }: { signedIn: boolean }) {
  return signedIn ? (
    <p>
      <Link href="/">{t('content.backToDashboard')}</Link>
    </p>
  ) : null;
}

/**
 * /content/template/{id} (review-and-content §2): the template's picture, topic, length and description, and Use.
 * Open to signed-out visitors (the content-library header): Use becomes "Sign in to use this template", back here.
 */
export function TemplateContentPage({ id }: { id: string }) {
  const { authoringDashboard, session } = useSystem();
  const signedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const { status, record, retry } = useContentPage('template', id);
  const template = status === 'loaded' ? templateOf(record) : null;
  const importing = useSelector(authoringDashboard, (s) => !s.matches({ create: 'idle' }));
  const destination = useSelector(authoringDashboard, (s) => (s.matches({ create: 'redirecting' }) ? s.context.destination : null));
  const [path, navigate] = useLocation();
  const search = useSearch();
  useEffect(() => {
    if (destination?.kind === 'importPage') navigate(importCoursePath(destination.courseId));
  }, [destination, navigate]);
  usePageTitle(template?.title ?? t('content.template.title'));
  return (
    <PublicLayout className="content-detail">
      {template ? (
        <ContentArticle
          image={template.image}
          title={template.title}
          facts={[
            [t('content.template.topic'), template.topicTitle],
            [t('content.template.type'), template.templateType],
            [t('content.template.length'), template.lesson_count === 1 ? t('authoring.templates.lesson') : t('authoring.templates.lessons', { count: template.lesson_count })],
          ]}
        >
          <p>{template.description}</p>
          {signedIn ? (
            <Button variant="primary" loading={importing} onClick={() => authoringDashboard.send({ type: 'authoringDashboard.importTemplate', contentId: template.content_id })}>
              {t('content.template.use')}
            </Button>
          ) : (
            <Link href={signInHref(path, search)} className={buttonClass('primary', 'md')}>
              {t('content.template.signIn')}
            </Link>
          )}
          <BackLink signedIn={signedIn} />
        </ContentArticle>
      ) : (
        <PageState
          status={status === 'loaded' ? 'failed' : status}
          loading={t('content.template.loading')}
          notFound={t('content.template.notFound')}
          failed={t('content.template.failed')}
          retry={retry}
        />
      )}
    </PublicLayout>
  );
}

/** /content/character/{id} (review-and-content §2): the character's portrait, style, role, poses and expressions; open to everyone. */
export function CharacterContentPage({ id }: { id: string }) {
  const { session } = useSystem();
  const signedIn = useSelector(session, (s) => s.matches('loggedIn'));
  const { status, record, retry } = useContentPage('character', id);
  const character = status === 'loaded' ? characterOf(record) : null;
  usePageTitle(character?.name ?? t('content.character.loading'));
  return (
    <PublicLayout className="content-detail">
      {character ? (
        <ContentArticle
          image={character.image}
          title={character.name}
          facts={[
            [t('content.character.style'), character.style],
            [t('content.character.role'), character.role],
            [t('content.character.poses'), character.poses],
            [t('content.character.expressions'), character.expressions.join(', ')],
          ]}
        >
          <BackLink signedIn={signedIn} />
        </ContentArticle>
      ) : (
        <PageState
          status={status === 'loaded' ? 'failed' : status}
          loading={t('content.character.loading')}
          notFound={t('content.character.notFound')}
          failed={t('content.character.failed')}
          retry={retry}
        />
      )}
    </PublicLayout>
  );
}
