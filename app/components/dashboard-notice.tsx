import { DismissibleBanner } from "./toast.tsx";

/**
 * The dashboard's settings notification at the top centre: CSS hides it after 5 seconds, and
 * it can be dismissed at once, with or without JavaScript.
 */
export function DashboardNotice({ text }: { text: string }) {
  if (!text) return null;
  return (
    <DismissibleBanner className="dashboard-notice" role="status" dismissLabel="Dismiss notice">
      {text}
    </DismissibleBanner>
  );
}
