import { X509Certificate } from 'node:crypto';
import type { PeerCertificate } from '../../application/ports/site-fetcher.js';

/**
 * Describes a DER certificate as the port reports it: subject and issuer as `CN=..., O=...`,
 * subject alternative names as Node prints them (`DNS:shop.example.com`, `IP Address:127.0.0.1`),
 * validity as ISO 8601 UTC.
 */
export function describeCertificate(der: Buffer): PeerCertificate {
  const cert = new X509Certificate(der);
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    subjectAltNames: splitAltNames(cert.subjectAltName ?? ''),
    validFrom: isoDate(cert.validFrom),
    validTo: isoDate(cert.validTo),
  };
}

function oneLine(distinguishedName: string): string {
  return distinguishedName.split('\n').filter(Boolean).join(', ');
}

/** Node quotes an entry (JSON style) when its value holds a comma or a quote, so split outside quotes. */
function splitAltNames(text: string): string[] {
  const entries = text.match(/(?:[^,"]|"(?:\\.|[^"\\])*")+/g) ?? [];
  return entries
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const colon = entry.indexOf(':');
      const value = entry.slice(colon + 1);
      if (colon === -1 || !value.startsWith('"')) return entry;
      try {
        return `${entry.slice(0, colon + 1)}${JSON.parse(value) as string}`;
      } catch {
        return entry;
      }
    });
}

function isoDate(text: string): string {
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? text : date.toISOString();
}
