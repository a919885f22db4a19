/**
 * The dashboard's slot for the pieces another part of the app mounts there (the survey banner, the learning-product
 * activation). Rendered by the dashboard page above its body; returns nothing until they are filled in here.
 */
export function DashboardExtras() {
  return null;
}
