/**
 * Disposable (throw-away) mail domains, from the maintained
 * `disposable-email-domains` npm package (about 120,000 domains). A subdomain
 * of a listed domain counts too.
 */
import list from "disposable-email-domains/index.json" with { type: "json" };

const DOMAINS: ReadonlySet<string> = new Set((list as string[]).map((d) => d.toLowerCase()));

export function isDisposableDomain(domain: string): boolean {
  let d = domain.trim().toLowerCase().replace(/\.$/, "");
  // Walk up the labels: x.mailinator.com is as disposable as mailinator.com.
  for (;;) {
    if (DOMAINS.has(d)) return true;
    const dot = d.indexOf(".");
    if (dot < 0 || d.indexOf(".", dot + 1) < 0) return false;
    d = d.slice(dot + 1);
  }
}

export function isDisposableAddress(address: string): boolean {
  const at = address.lastIndexOf("@");
  return at > 0 && isDisposableDomain(address.slice(at + 1));
}
