/**
 * The metrics in their exposition format (Prometheus text for PromMetrics), for GET /metrics.
 * Adapters: PromMetrics.
 */
export interface MetricsExposition {
  render(): Promise<{ readonly contentType: string; readonly body: string }>;
}
export const MetricsExposition = Symbol('MetricsExposition');
