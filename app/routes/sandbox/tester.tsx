import { data, Form } from "react-router";
import { AppLink } from "../../components/app-link.tsx";
import { CsrfField } from "../../components/form-parts.tsx";
import { requireValidCsrf } from "../../session/csrf.server.ts";
import { formatNaira, parseNairaToKobo } from "../../domain/money.ts";
import { titleMeta } from "../../components/meta.ts";
import { redirectWithToast } from "../../session/toast.server.ts";
import { embeddedSandbox } from "../../upstream/transport.server.ts";
import type { Route } from "./+types/tester";

export const meta: Route.MetaFunction = ({ matches }) => titleMeta(matches, "Sandbox tester");

export const handle = { hydrate: false };

// What a tester needs to stand in for a bank and for the operator (decision 015): a transfer into
// a reserved account, and a decision on a manual payment report. Beside the outbox, and like
// it, only with the embedded sandbox.

function requireSandbox() {
  const sandbox = embeddedSandbox();
  if (!sandbox) throw data({ reason: "not-found" }, { status: 404 });
  return sandbox;
}

export function loader() {
  const sandbox = requireSandbox();
  return {
    accounts: sandbox.reservedAccounts(),
    reports: sandbox.manualReports().map((report) => ({ ...report, amount: formatNaira(report.amountKobo) })),
  };
}

const PATH = "/sandbox/tester";

export async function action({ request, context }: Route.ActionArgs) {
  const sandbox = requireSandbox();
  const formData = await request.formData();
  await requireValidCsrf(formData, request);
  const intent = formData.get("intent");
  if (intent === "transfer") {
    const accountNumber = textOf(formData, "accountNumber");
    const amountKobo = parseNairaToKobo(textOf(formData, "amount").replaceAll(",", ""));
    if (amountKobo === null)
      return redirectWithToast(context, PATH, { type: "error", message: "Enter the amount in naira, e.g. 5000" });
    const result = sandbox.simulateTransfer({ accountNumber, amountKobo });
    return redirectWithToast(
      context,
      PATH,
      result.ok
        ? {
            type: "success",
            message: `Transfer received: ${formatNaira(result.creditedKobo)} credited after a charge of ${formatNaira(result.chargeKobo)}.`,
          }
        : { type: "error", message: result.reason },
    );
  }
  if (intent === "approve" || intent === "reject") {
    const id = Number(formData.get("report"));
    const result = sandbox.decideManualReport(id, intent);
    return redirectWithToast(
      context,
      PATH,
      result.ok
        ? { type: "success", message: `Report ${id} ${intent === "approve" ? "approved" : "rejected"}.` }
        : { type: "error", message: result.reason },
    );
  }
  throw data({ reason: "unknown-form" }, { status: 400 });
}

export default function SandboxTester({ loaderData }: Route.ComponentProps) {
  const { accounts, reports } = loaderData;
  return (
    <main id="main" className="container">
      <h1>Sandbox tester</h1>
      <p>
        Stand in for a bank and for the operator. Only the embedded sandbox has this page; see also the{" "}
        <AppLink to="/sandbox/outbox">sandbox outbox</AppLink>.
      </p>

      <section aria-labelledby="transfer-heading">
        <h2 id="transfer-heading">Simulate a bank transfer</h2>
        {accounts.length === 0 ? (
          <p>No reserved accounts yet: create one on Fund Wallet, Bank transfer.</p>
        ) : (
          <Form method="post" className="purchase-form">
            <CsrfField />
            <label htmlFor="transfer-account">Reserved account</label>
            <select id="transfer-account" name="accountNumber" required>
              {accounts.map((account) => (
                <option key={account.accountNumber} value={account.accountNumber}>
                  {account.bankName} {account.accountNumber} ({account.accountName}, {account.email})
                </option>
              ))}
            </select>
            <label htmlFor="transfer-amount">Amount (₦)</label>
            <input id="transfer-amount" name="amount" inputMode="decimal" required />
            <button type="submit" name="intent" value="transfer">
              Send transfer
            </button>
          </Form>
        )}
      </section>

      <section aria-labelledby="reports-heading">
        <h2 id="reports-heading">Manual payment reports</h2>
        {reports.length === 0 ? <p>No reports yet.</p> : null}
        {reports.length > 0 ? (
          <div className="table-scroll">
            <table>
              <thead>
                <tr>
                  <th scope="col">Report</th>
                  <th scope="col">From</th>
                  <th scope="col">Payment</th>
                  <th scope="col">Amount</th>
                  <th scope="col">Status</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>
                {reports.map((report) => (
                  <tr key={report.id}>
                    <td>{report.id}</td>
                    <td>{report.email}</td>
                    <td>
                      {report.paymentName}, {report.bankName}, {report.paymentType}
                    </td>
                    <td>{report.amount}</td>
                    <td>{report.status}</td>
                    <td>
                      {report.status === "pending" ? (
                        <Form method="post" className="inline-form button-row">
                          <CsrfField />
                          <input type="hidden" name="report" value={report.id} />
                          <button type="submit" name="intent" value="approve">
                            Approve report {report.id}
                          </button>
                          <button type="submit" name="intent" value="reject" className="secondary">
                            Reject report {report.id}
                          </button>
                        </Form>
                      ) : (
                        "Decided"
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>
    </main>
  );
}

function textOf(formData: FormData, name: string): string {
  const value = formData.get(name);
  return typeof value === "string" ? value : "";
}
