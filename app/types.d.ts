// Invoker commands (HTML): a button opens or closes a dialog without script (decision 0022).
// React passes the attributes through as written; its types do not know them yet.
import "react";

declare module "react" {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: "show-modal" | "close" | "request-close";
  }
}
