import { createContext } from "react-router";

/** What server.ts knows about the HTTP request that React Router cannot see by itself. */
export type RequestInfo = {
  requestId: string;
  clientIp: string;
  /** The request reached the edge over HTTPS (per trust proxy), so HSTS and Secure cookies apply. */
  secure: boolean;
};

export const requestInfoContext = createContext<RequestInfo>({
  requestId: "unknown",
  clientIp: "unknown",
  secure: false,
});

/** What every authenticated upstream call needs: the request id for logs and the token. */
export type Caller = { requestId: string; token: string };
