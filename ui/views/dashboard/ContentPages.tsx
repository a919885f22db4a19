import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { coverImageUrl, importCoursePath, readBrowseDashboard, type TemplateCard } from '../../../domain/dashboard.ts';
import type { ContentPageKind } from '../../../machines/dashboard/contentPageMachine.ts';
import { Banner, Button, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { AppLayout } from '../AppLayout.tsx';
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

/** /content/template/{id} (review-and-content §2): the template's picture, topic, length and description, and Use. */
export function TemplateContentPage({ id }: { id: string }) {
  const { authoringDashboard } = useSystem();
  const { status, record, retry } = useContentPage('template', id);
  const template = status === 'loaded' ? templateOf(record) : null;
  const importing = useSelector(authoringDashboard, (s) => !s.matches({ create: 'idle' }));
  const destination = useSelector(authoringDashboard, (s) => (s.matches({ create: 'redirecting' }) ? s.context.destination : null));
  const [, navigate] = useLocation();
  useEffect(() => {
    if (destination?.kind === 'importPage') navigate(importCoursePath(destination.courseId));
  }, [destination, navigate]);
  usePageTitle(template?.title ?? t('content.template.title'));
  return (
    <AppLayout className="content-detail">
      {template ? (
        <article className="content-page__article">
          <img className="content-page__image" src={coverImageUrl(template.image, { width: 984, height: 592 })} alt="" width={492} height={296} />
          <div className="content-page__text">
            <h1 className="page-title">{template.title}</h1>
            <dl className="content-page__facts">
              <dt>{t('content.template.topic')}</dt>
              <dd>{template.topicTitle}</dd>
              <dt>{t('content.template.type')}</dt>
              <dd>{template.templateType}</dd>
              <dt>{t('content.template.length')}</dt>
              <dd>{template.lesson_count === 1 ? t('authoring.templates.lesson') : t('authoring.templates.lessons', { count: template.lesson_count })}</dd>
            </dl>
            <p>{template.description}</p>
            <Button variant="primary" loading={importing} onClick={() => authoringDashboard.send({ type: 'authoringDashboard.importTemplate', contentId: template.content_id })}>
              {t('content.template.use')}
            </Button>
            <p>
              <Link href="/">{t('content.backToDashboard')}</Link>
            </p>
          </div>
        </article>
      ) : (
        <PageState
          status={status === 'loaded' ? 'failed' : status}
          loading={t('content.template.loading')}
          notFound={t('content.template.notFound')}
          failed={t('content.template.failed')}
          retry={retry}
        />
      )}
    </AppLayout>
  );
}

/** /content/character/{id} (review-and-content §2): the character's portrait, style, role, poses and expressions. */
export function CharacterContentPage({ id }: { id: string }) {
  const { status, record, retry } = useContentPage('character', id);
  const character = status === 'loaded' ? characterOf(record) : null;
  usePageTitle(character?.name ?? t('content.character.loading'));
  return (
    <AppLayout className="content-detail">
      {character ? (
        <article className="content-page__article">
          <img className="content-page__image" src={coverImageUrl(character.image, { width: 984, height: 592 })} alt="" width={492} height={296} />
          <div className="content-page__text">
            <h1 className="page-title">{character.name}</h1>
            <dl className="content-page__facts">
              <dt>{t('content.character.style')}</dt>
              <dd>{character.style}</dd>
              <dt>{t('content.character.role')}</dt>
              <dd>{character.role}</dd>
              <dt>{t('content.character.poses')}</dt>
              <dd>{character.poses}</dd>
              <dt>{t('content.character.expressions')}</dt>
              <dd>{character.expressions.join(', ')}</dd>
            </dl>
            <p>
              <Link href="/">{t('content.backToDashboard')}</Link>
            </p>
          </div>
        </article>
      ) : (
        <PageState
          status={status === 'loaded' ? 'failed' : status}
          loading={t('content.character.loading')}
          notFound={t('content.character.notFound')}
          failed={t('content.character.failed')}
          retry={retry}
        />
      )}
    </AppLayout>
  );
}
