declare module 'parse-prometheus-text-format' {
  interface Sample {
    readonly labels?: Record<string, string>;
    readonly value?: string;
    readonly buckets?: Record<string, string>;
    readonly count?: string;
    readonly sum?: string;
  }
  interface MetricFamily {
    readonly name: string;
    readonly help: string;
    readonly type: string;
    readonly metrics: readonly Sample[];
  }
  /** Parses the Prometheus text exposition format. */
  export default function parsePrometheusTextFormat(text: string): MetricFamily[];
}
