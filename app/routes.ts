import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";

// SPEC.md §2's URL table, one line per screen.
export default [
  route("healthz", "routes/healthz.ts"),
  layout("routes/public-layout.tsx", [
    index("routes/home.tsx"),
    route("about-us", "routes/about-us.tsx"),
    route("pricing", "routes/pricing.tsx"),
    route("contact-us", "routes/contact-us.tsx"),
    route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
    // Any other address: "page not found" (404) with the public menu and footer around it.
    route("*", "routes/not-found.tsx"),
  ]),
  route("register", "routes/register.tsx"),
  route("login", "routes/login.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("otp", "routes/otp.tsx"),
  route("personal-info", "routes/personal-info.tsx"),
  route("password_reset/confirm", "routes/reset-password.tsx"),
  route("logout", "routes/logout.tsx"),
  route("language", "routes/language.tsx"),
  ...prefix("dashboard", [
    layout("routes/dashboard-layout.tsx", [
      index("routes/dashboard.tsx"),
      route("profile", "routes/profile.tsx"),
      route("profile/forgot-pin", "routes/forgot-pin.tsx"),
      route("purchase-airtime", "routes/purchase-airtime.tsx"),
      route("purchase-data", "routes/purchase-data.tsx"),
      route("send-sms", "routes/send-sms.tsx"),
      route("bulk-purchase", "routes/bulk-purchase.tsx"),
      route("bulk-purchase/:batchId", "routes/bulk-batch.tsx"),
      route("bulk-purchase/:batchId/results.csv", "routes/bulk-results.ts"),
      route("pay-for-tv", "routes/pay-for-tv.tsx"),
      route("pay-for-electricity", "routes/pay-for-electricity.tsx"),
      route("purchase-exam-pins", "routes/purchase-exam-pins.tsx"),
      route("fund-wallet", "routes/fund-wallet.tsx"),
      route("payments/return/:state", "routes/payment-return.tsx"),
      route("saved-numbers", "routes/saved-numbers.tsx"),
      route("transactions", "routes/transactions.tsx"),
      route("transactions/:transId/recheck", "routes/recheck.ts"),
      route("transactions.csv", "routes/transactions-csv.ts"),
      route("statement", "routes/statement.tsx"),
      route("receipt/:transId", "routes/receipt.tsx"),
      route("receipt/:transId/customer-copy", "routes/customer-copy.tsx"),
      // Signed-in screens not built yet: guarded like the rest, then "page not found".
      route("*", "routes/not-found.tsx", { id: "dashboard-not-found" }),
    ]),
  ]),
  route("sandbox/outbox", "routes/sandbox-outbox.tsx"),
  route("sandbox/gateway/*", "routes/sandbox-gateway.ts"),
  route("sandbox/tester", "routes/sandbox-tester.tsx"),
] satisfies RouteConfig;
