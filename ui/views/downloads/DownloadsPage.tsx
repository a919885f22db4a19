import '../../styles/foundation.css';
import '../../styles/activationPages.css';
import { useSelector } from '@xstate/react';
import { useEffect, useId } from 'react';
import { chooseWindowsBuilds, groupByPublishDate, latestBuild, type Build } from '../../../domain/downloads.ts';
import { Banner, Button, Spinner } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { usePageTitle } from '../usePageTitle.ts';
import { DownloadAppsPanel } from './DownloadAppsPanel.tsx';

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function FileLinks({ build }: { build: Build }) {
  const files = [
    ['downloads.installer', build.installerUrl],
    ['downloads.msi', build.msiUrl],
    ['downloads.zip', build.zipUrl],
  ] as const;
  return (
    <ul className="downloads-files">
      {files.map(([key, url]) =>
        url ? (
          <li key={key}>
            <a href={url} aria-label={t('downloads.fileOf', { kind: t(key), version: build.version })}>
              {t(key)}
            </a>
          </li>
        ) : null,
      )}
    </ul>
  );
}

/**
 * All downloads (/downloads/all, review-and-content §2, §7, §8): the deployment guide, the latest download, the
 * Windows builds chosen by channel ranking grouped by publish date with release notes and installer/MSI/zip links,
 * the minimum-version notice, and the failure message with a retry. Open to visitors who are not signed in.
 */
export default function DownloadsPage() {
  const { downloads: actor } = useSystem();
  const headingId = useId();
  usePageTitle(t('downloads.title'));
  useEffect(() => actor.send({ type: 'downloads.load' }), [actor]);
  const state = useSelector(actor, (s) => (s.matches('ready') ? 'ready' : s.matches('failed') ? 'failed' : 'loading'));
  const { list, minimumVersion } = useSelector(actor, (s) => s.context);
  const chosen = list ? chooseWindowsBuilds(list.builds) : [];
  const latest = latestBuild(chosen);

  return (
    <div className="downloads-page">
      <h1 id={headingId} className="page-title">
        {t('downloads.heading')}
      </h1>
      {state === 'loading' && (
        <p role="status" className="downloads-loading">
          <Spinner size="sm" /> {t('downloads.loading')}
        </p>
      )}
      {state === 'failed' && (
        <Banner
          tone="error"
          title={t('downloads.failed')}
          action={
            <Button variant="secondary" size="sm" onClick={() => actor.send({ type: 'downloads.retry' })}>
              {t('downloads.retry')}
            </Button>
          }
        />
      )}
      {state === 'ready' && list && (
        <div className="sidebar-layout">
          <div className="downloads-main">
            {minimumVersion && (
              <Banner tone="warning" title={t('downloads.minimumVersion', { version: minimumVersion.version })}>
                {minimumVersion.message}
              </Banner>
            )}
            <section className="downloads-section" aria-labelledby={`${headingId}-guide`}>
              <h2 id={`${headingId}-guide`}>{t('downloads.deploymentGuide')}</h2>
              <p>
                {t('downloads.deploymentGuide.body')} <a href={list.deploymentGuideUrl}>{t('downloads.deploymentGuide')}</a>
              </p>
            </section>
            {latest && (
              <section className="downloads-section downloads-latest surface-panel" aria-labelledby={`${headingId}-latest`}>
                <h2 id={`${headingId}-latest`}>{t('downloads.latest')}</h2>
                <p className="downloads-latest__version">{t('downloads.latest.version', { version: latest.version, channel: latest.channel })}</p>
                <FileLinks build={latest} />
              </section>
            )}
            <section className="downloads-section" aria-labelledby={`${headingId}-builds`}>
              <h2 id={`${headingId}-builds`}>{t('downloads.builds')}</h2>
              {chosen.length === 0 && <p>{t('downloads.none')}</p>}
              {groupByPublishDate(chosen).map((group) => (
                <div key={group.date} className="downloads-group">
                  <h3>{t('downloads.publishedOn', { date: dateFormat.format(new Date(`${group.date}T00:00:00Z`)) })}</h3>
                  {group.builds.map((build) => (
                    <article key={build.id} className="downloads-build surface-panel" aria-label={t('downloads.latest.version', { version: build.version, channel: build.channel })}>
                      <p className="downloads-build__version">{t('downloads.latest.version', { version: build.version, channel: build.channel })}</p>
                      <p className="downloads-build__notes">
                        <span className="k-visually-hidden">{t('downloads.releaseNotes')}: </span>
                        {build.releaseNotes}
                      </p>
                      <FileLinks build={build} />
                    </article>
                  ))}
                </div>
              ))}
            </section>
          </div>
          <DownloadAppsPanel windowsUrl={latest?.installerUrl ?? null} macUrl={list.macUrl} showAll={false} />
        </div>
      )}
    </div>
  );
}
