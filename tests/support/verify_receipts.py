#!/usr/bin/python3
"""An independent verifier of purga-sesiones' signed receipts (docs/receipts.md), for the tests.

Shares no code with the application: PyNaCl (Debian's python3-nacl, libsodium) checks each Ed25519
signature over DSSE's PAE, the standard library checks the canonical form, the in-toto statement
and the hash chain. Given the exported receipts of one database in chain order, it checks that
each one links to the one before (the first to 64 zeros when it is receipt 1).

    verify_receipts.py FILE...    exit 0 when every receipt holds, 1 with the reason otherwise
"""
import base64
import hashlib
import json
import sys

import nacl.exceptions
import nacl.signing

PAYLOAD_TYPE = "application/vnd.in-toto+json"


def canonical(value):
    # Sorted keys, no white space, UTF-8: what the receipts use for what they carry.
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode("utf-8")


def pae(payload_type, body):
    t = payload_type.encode("utf-8")
    return b"DSSEv1 %d %s %d %s" % (len(t), t, len(body), body)


def check(path, prev):
    raw = open(path, "rb").read()
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    envelope = json.loads(raw)
    if canonical(envelope) != raw:
        raise ValueError("envelope not canonical")
    if envelope["payloadType"] != PAYLOAD_TYPE:
        raise ValueError("payloadType is %r" % envelope["payloadType"])
    payload = base64.b64decode(envelope["payload"], validate=True)
    statement = json.loads(payload)
    if canonical(statement) != payload:
        raise ValueError("payload not canonical")
    if statement["_type"] != "https://in-toto.io/Statement/v1":
        raise ValueError("not an in-toto Statement v1")
    predicate = statement["predicate"]
    public_key = base64.b64decode(predicate["signer"]["public_key"], validate=True)
    key = nacl.signing.VerifyKey(public_key)
    keyid = hashlib.sha256(public_key).hexdigest()
    good = False
    for sig in envelope["signatures"]:
        try:
            key.verify(pae(PAYLOAD_TYPE, payload), base64.b64decode(sig["sig"], validate=True))
            good = good or sig.get("keyid", keyid) == keyid
        except nacl.exceptions.BadSignatureError:
            pass
    if not good:
        raise ValueError("no signature verifies")
    digest = hashlib.sha256(canonical(predicate["receipt"])).hexdigest()
    if statement["subject"][0]["digest"]["sha256"] != digest:
        raise ValueError("subject digest is not the receipt's")
    if prev is not None and predicate["prev_sha256"] != prev:
        raise ValueError("prev_sha256 %s is not the previous receipt's %s" % (predicate["prev_sha256"], prev))
    if prev is None and predicate["sequence"] == 1 and predicate["prev_sha256"] != "0" * 64:
        raise ValueError("the first receipt links to something")
    return hashlib.sha256(raw).hexdigest(), predicate["sequence"]


def main(paths):
    prev = None
    for path in paths:
        try:
            prev, sequence = check(path, prev)
        except (ValueError, KeyError, TypeError, IndexError) as e:
            print("%s: %s" % (path, e))
            return 1
        print("%s: receipt %d ok, sha256 %s" % (path, sequence, prev))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
