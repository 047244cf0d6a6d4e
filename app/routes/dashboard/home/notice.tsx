import { useFetcher } from "react-router";
import { CsrfField } from "../../../components/form-parts.tsx";

/**
 * The dashboard's settings notification, in the page under the header (decision 045): CSS
 * hides it after 5 seconds, and its × is a small form that has this browser remember these
 * words as dismissed, so the notice does not come back. Without JavaScript the form posts and
 * the dashboard comes back; with it a fetcher posts it and the notice goes at once.
 */
export function DashboardNotice({
  text,
  noticeKey,
  dismissLabel,
}: {
  text: string;
  noticeKey: string;
  /** "Dismiss notice", in the page's language, from the loader. */
  dismissLabel: string;
}) {
  const fetcher = useFetcher();
  if (!text || fetcher.state !== "idle") return null;
  return (
    <div className="dashboard-notice" role="status">
      <p>{text}</p>
      <fetcher.Form method="post" preventScrollReset>
        <CsrfField />
        <input type="hidden" name="notice" value={noticeKey} />
        <button type="submit" className="toast-close" aria-label={dismissLabel}>
          {/* The × is drawn by CSS, so the notice's text is its message alone. */}
          <span aria-hidden="true" />
        </button>
      </fetcher.Form>
    </div>
  );
}
