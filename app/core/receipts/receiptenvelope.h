#pragma once

// A purge receipt as evidence: an in-toto Statement v1 whose predicate (type kPredicateType) holds
// the receipt, its place in the database's chain and the signer's public key, written as canonical
// JSON (canonicaljson.h) and wrapped in a DSSE envelope (payloadType application/vnd.in-toto+json,
// the payload in standard base64, one Ed25519 signature over DSSE's PAE of the payload type and the
// payload bytes). The envelope itself is canonical JSON too; its SHA-256 (64 lower-case hex digits)
// is the receipt's hash, which the next receipt of the same database carries as prev_sha256. The
// first receipt of a database carries 64 zeros (kGenesisPrev). docs/receipts.md has the layout.
#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QString>

namespace purga {

struct PurgeReceipt;

namespace receipts {
inline constexpr char kPayloadType[] = "application/vnd.in-toto+json";
inline constexpr char kStatementType[] = "https://in-toto.io/Statement/v1";
inline constexpr char kPredicateType[] = "https://purga-sesiones.example/receipt/v1";
// The prev_sha256 of a database's first receipt.
QByteArray genesisPrev();
// DSSE's pre-authentication encoding: "DSSEv1 <len(type)> <type> <len(body)> <body>".
QByteArray pae(const QByteArray &payloadType, const QByteArray &body);
// The DSSE keyid of a raw Ed25519 public key: SHA-256 of its 32 bytes, hex.
QString keyId(const QByteArray &publicKey);
} // namespace receipts

// What goes into the predicate besides the receipt.
struct ReceiptLink
{
    qint64 sequence = 0;   // 1 for a database's first receipt
    QByteArray prevSha256; // hex; receipts::genesisPrev() for the first
    QString database;      // the subject's name: "postgresql://<system identifier>/<database>"
    QString recordedUtc;   // when it was written (the server's clock)
    QString osUser;        // who signed, from the OS
};

// Builds the canonical envelope of `receipt`, signed with `seed` (Ed25519); empty when signing failed.
QByteArray buildEnvelope(const PurgeReceipt &receipt, const ReceiptLink &link, const QByteArray &seed);
// The same over an already-made receipt JSON (tests, and the chain's tampering tests).
QByteArray buildEnvelope(const QJsonObject &receiptJson, const ReceiptLink &link, const QByteArray &seed);

// One envelope checked on its own: its form, its signature (with the public key it names) and
// that its subject's digest is its receipt's.
struct EnvelopeCheck
{
    bool ok = false;
    QString problem;   // translated, when !ok: why it is not a valid receipt
    QByteArray sha256; // of the envelope's canonical bytes (the chain's hash), hex
    qint64 sequence = 0;
    QByteArray prevSha256;
    QString runId;
    QString database;
    QString recordedUtc;
    QByteArray publicKey; // raw 32 bytes
    QString keyId;
    QJsonObject statement; // the decoded payload (empty when it did not decode)

    QJsonObject toJson() const; // docs/cli-json.md, "verify --receipt"
};

class ReceiptVerifier
{
    Q_DECLARE_TR_FUNCTIONS(ReceiptVerifier)
public:
    // `bytes`: a file's contents; one trailing newline is allowed, nothing else outside the JSON.
    static EnvelopeCheck check(const QByteArray &bytes);
};

} // namespace purga
