// The toast's offers after a purchase, as one file that lazy-toast-offers.tsx loads: the
// modules themselves are also the receipt's and the customer copy's, and a module loaded apart
// that another file also holds costs every page a bundler helper (decision 082, amended).

export { SaveNumberForm } from "./save-number.tsx";
export { SendToCustomer } from "./send-to-customer.tsx";
