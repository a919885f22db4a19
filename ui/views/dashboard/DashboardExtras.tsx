import { ReachPanel } from '../activation/ReachPanel.tsx';
import { SurveyBanner } from '../activation/SurveyBanner.tsx';

/** What the activation feature adds to the dashboard: the survey banner and the learning product (Reach) panel. */
export function DashboardExtras() {
  return (
    <div className="dashboard-extras">
      <SurveyBanner />
      <ReachPanel />
    </div>
  );
}
