import type { UserLevel } from "../purchases/catalog.ts";

export interface DemoAccount {
  readonly email: string;
  readonly password: string;
  readonly firstName: string;
  readonly lastName: string;
  readonly phoneNo: string;
  readonly level: UserLevel;
  readonly levelName: "Normal" | "Agent" | "Reseller" | "API";
  // The balance the README documents: where the seeded history (seed/history.ts) ends.
  readonly balanceKobo: number;
}

// Published in the README on purpose: these exist only in the sandbox, on the reserved
// .test domain, so anyone trying the portal can sign in at every level.
export const demoPassword = "Demo-pass-2026";

export const demoAccounts: readonly DemoAccount[] = [
  {
    email: "normal@payvend.test",
    password: demoPassword,
    firstName: "Chinedu",
    lastName: "Okafor",
    phoneNo: "08030000001",
    level: 0,
    levelName: "Normal",
    balanceKobo: 5_000_00,
  },
  {
    email: "agent@payvend.test",
    password: demoPassword,
    firstName: "Aisha",
    lastName: "Bello",
    phoneNo: "08020000002",
    level: 1,
    levelName: "Agent",
    balanceKobo: 25_000_00,
  },
  {
    email: "reseller@payvend.test",
    password: demoPassword,
    firstName: "Oluwaseun",
    lastName: "Adeyemi",
    phoneNo: "08050000003",
    level: 2,
    levelName: "Reseller",
    balanceKobo: 150_000_00,
  },
  {
    email: "api@payvend.test",
    password: demoPassword,
    firstName: "Ngozi",
    lastName: "Eze",
    phoneNo: "09060000004",
    level: 3,
    levelName: "API",
    balanceKobo: 500_000_00,
  },
];
