#!/usr/bin/python3
"""Lookalike permutations of domains, from dnstwist's permutation engine, offline.

    dnstwist-permutations.py [--per-family N] [--jobs J] < domains.txt > permutations.jsonl

Input: one domain a line (blank lines and # comments skipped). Output: JSON Lines, one
{"brand", "domain", "fuzzer"} object per permutation, `domain` in ASCII (IDNs in punycode).
Every fuzzer family this dnstwist version has is run for every domain; within one domain a
permutation is written once, under the first family (in FUZZERS order) that made it, and never the
domain itself. With --per-family N, at most N permutations of each domain and family are kept,
chosen by a hash of the permutation (the same sample every run): homoglyphs alone run to thousands
a domain. dictionary and tld-swap use the small word and TLD files beside this script.

Homoglyphs are sampled before their IDNA encoding (Fuzzer.generate encodes every one of tens of
thousands per domain, which took minutes): the candidates are the same generate would take, drawn
from the same fuzzer method, then encoded and checked exactly as generate does.

Needs Debian's dnstwist package (its python module; written against 0~20221213). It resolves
nothing: the dnstwist command itself looks every permutation up in DNS in its json format, so the
module's Fuzzer, which the command runs before any lookup, is called directly.
"""
import argparse
import hashlib
import json
import os
import re
import sys
from multiprocessing import Pool

import dnstwist

FUZZERS = ['addition', 'bitsquatting', 'cyrillic', 'homoglyph', 'hyphenation', 'insertion', 'omission',
           'repetition', 'replacement', 'subdomain', 'transposition', 'vowel-swap', 'dictionary',
           'tld-swap', 'various']
HERE = os.path.dirname(os.path.abspath(__file__))


def read_words(name, pattern):
    with open(os.path.join(HERE, name)) as f:
        return sorted(x for x in set(f.read().splitlines()) if re.match(pattern, x))


DICTIONARY = read_words('dnstwist-dictionary.txt', r'^[a-z0-9]+$')
TLDS = read_words('dnstwist-tlds.txt', r'^[a-z0-9-]{2,63}(\.[a-z0-9-]{2,63})?$')


def permutations(args):
    brand, per_family = args
    try:
        domain = dnstwist.UrlParser(brand).domain
    except Exception:
        return [], f'skipped invalid domain: {brand}'
    seen = {brand, domain}
    out = []
    for fuzzer in FUZZERS:
        fuzz = dnstwist.Fuzzer(domain, dictionary=DICTIONARY, tld_dictionary=TLDS)
        if fuzzer == 'homoglyph' and per_family:
            found = sorted(sampled_homoglyphs(fuzz, per_family * 3) - seen)
        else:
            fuzz.generate(fuzzers=[fuzzer])
            found = sorted({p['domain'] for p in fuzz.domains if p['fuzzer'] != '*original'} - seen)
        seen.update(found)
        if per_family:
            found = sorted(found, key=hashed)[:per_family]
        out.extend({'brand': brand, 'domain': d, 'fuzzer': fuzzer} for d in sorted(found))
    return out, None


def hashed(text):
    return hashlib.sha1(text.encode()).hexdigest()


def sampled_homoglyphs(fuzz, count):
    """`count` homoglyph permutations (by hash), encoded and checked as Fuzzer.generate does."""
    labels = sorted(set(fuzz._homoglyph()), key=hashed)[:count]
    out = set()
    for label in labels:
        name = '.'.join(filter(None, [fuzz.subdomain, label, fuzz.tld]))
        try:
            name = dnstwist.idna.encode(name).decode()
        except Exception:
            continue
        if dnstwist.VALID_FQDN_REGEX.match(name):
            out.add(name)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--per-family', type=int, default=0)
    parser.add_argument('--jobs', type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    brands = [line.split('#')[0].strip().lower() for line in sys.stdin]
    brands = [b for b in brands if b]
    with Pool(max(1, args.jobs)) as pool:
        for rows, problem in pool.imap(permutations, [(b, args.per_family) for b in brands], chunksize=8):
            if problem:
                print(f'dnstwist-permutations: {problem}', file=sys.stderr)
            for row in rows:
                sys.stdout.write(json.dumps(row, separators=(',', ':')) + '\n')


if __name__ == '__main__':
    main()
