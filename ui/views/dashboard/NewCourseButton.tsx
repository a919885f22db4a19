import { useSelector } from '@xstate/react';
import { useState } from 'react';
import type { NewCourseKind } from '../../../domain/dashboard.ts';
import { Button, buttonClass, Menu, MenuItem, MenuSeparator, NoticeDialog, PlusIcon, SparkIcon, ChevronDownIcon, BookIcon, GridIcon } from '../../kit/index.ts';
import { t } from '../../strings.ts';
import { useSystem } from '../../system.tsx';
import { useAccount, useFlag } from '../useAccount.ts';

/**
 * The new-course button (review-and-content §2, §3 "Dashboard course creation"): with the Rise new-course submenu flag
 * (default on) it opens a menu — a blank course, the AI "New Course Outline" (with the concept-to-course flag) and the
 * business-content browser; without the flag it creates a blank course at once. Creating needs a seat with Rise: no
 * seat or product access opens the subscribe prompt; Rise disabled for the subscription says to contact the
 * administrator.
 */
export function NewCourseButton() {
  const { authoringDashboard, dashboard } = useSystem();
  const { summary } = useAccount();
  const submenu = useFlag('riseNewCourseSubmenu');
  const conceptToCourse = useFlag('conceptToCourse');
  const [contactAdmin, setContactAdmin] = useState(false);
  const creating = useSelector(authoringDashboard, (s) => s.matches({ create: 'creating' }) || s.matches({ create: 'redirecting' }));
  const busy = useSelector(authoringDashboard, (s) => !s.matches({ create: 'idle' }));

  const create = (kind: NewCourseKind) => {
    if (busy) return;
    if (!summary || summary.role !== 'seatHolder') {
      dashboard.send({ type: 'dashboard.openUpgrade', placement: 'rise' });
      return;
    }
    if (!summary.enableRise) {
      setContactAdmin(true);
      return;
    }
    authoringDashboard.send({ type: 'authoringDashboard.createCourse', kind });
  };

  const label = creating ? t('authoring.creating') : t('authoring.newCourse');
  return (
    <>
      {submenu ? (
        <Menu
          align="end"
          triggerClassName={buttonClass('primary', 'md', 'new-course__trigger')}
          trigger={
            <>
              <PlusIcon size={16} />
              {label}
              <ChevronDownIcon size={16} />
            </>
          }
        >
          <MenuItem icon={<PlusIcon size={16} />} onSelect={() => create('course')} disabled={busy}>
            {t('authoring.newCourse.blank')}
          </MenuItem>
          {conceptToCourse && (
            <MenuItem icon={<SparkIcon size={16} />} onSelect={() => create('aiOutline')} disabled={busy}>
              {t('authoring.newCourse.aiOutline')}
            </MenuItem>
          )}
          <MenuSeparator />
          <MenuItem icon={<GridIcon size={16} />} onSelect={() => (window.location.hash = 'templates')}>
            {t('authoring.newCourse.templates')}
          </MenuItem>
          <MenuItem icon={<BookIcon size={16} />} onSelect={() => (window.location.hash = 'microlearning')}>
            {t('authoring.newCourse.microlearning')}
          </MenuItem>
        </Menu>
      ) : (
        <Button variant="primary" iconStart={<PlusIcon size={16} />} loading={creating} onClick={() => create('course')}>
          {label}
        </Button>
      )}
      <NoticeDialog open={contactAdmin} title={t('authoring.contactAdmin.title')} okLabel={t('common.close')} onClose={() => setContactAdmin(false)}>
        <p>{t('authoring.contactAdmin.body')}</p>
      </NoticeDialog>
    </>
  );
}
