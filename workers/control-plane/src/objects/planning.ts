/**
 * SEC-3: at most one what-if plan per object at a time. A claim lives in memory only (a
 * plan is a read): an object that restarts has no plan in progress, and a claim not
 * released (its isolate died) lapses after `forMs` of wall time.
 */
export class PlanningClaims {
  private held: { claim: string; until: number } | undefined;

  claim(forMs: number): string | undefined {
    const now = Date.now();
    if (this.held !== undefined && now < this.held.until) return undefined;
    this.held = { claim: crypto.randomUUID(), until: now + forMs };
    return this.held.claim;
  }

  release(claim: string): void {
    if (this.held?.claim === claim) this.held = undefined;
  }
}
