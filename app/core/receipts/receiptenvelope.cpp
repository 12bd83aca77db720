#include "receiptenvelope.h"

#include "canonicaljson.h"
#include "core/purge/receipt.h"
#include "core/security/ed25519.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace purga {

namespace {

QString str(const char *s)
{
    return QString::fromLatin1(s);
}

QJsonObject statementOf(const QJsonObject &receiptJson, const ReceiptLink &link, const QByteArray &publicKey)
{
    const QJsonObject signer{{QStringLiteral("public_key"), QString::fromLatin1(publicKey.toBase64())},
                             {QStringLiteral("keyid"), receipts::keyId(publicKey)},
                             {QStringLiteral("algorithm"), QStringLiteral("ed25519")},
                             {QStringLiteral("os_user"), link.osUser}};
    const QJsonObject predicate{{QStringLiteral("sequence"), double(link.sequence)},
                                {QStringLiteral("prev_sha256"), QString::fromLatin1(link.prevSha256)},
                                {QStringLiteral("database"), link.database},
                                {QStringLiteral("recorded_utc"), link.recordedUtc},
                                {QStringLiteral("signer"), signer},
                                {QStringLiteral("receipt"), receiptJson}};
    const QJsonObject digest{
        {QStringLiteral("sha256"), QString::fromLatin1(sha256Hex(canonical::serialize(receiptJson)))}};
    const QJsonArray subject{
        QJsonObject{{QStringLiteral("name"), link.database}, {QStringLiteral("digest"), digest}}};
    return QJsonObject{{QStringLiteral("_type"), str(receipts::kStatementType)},
                       {QStringLiteral("subject"), subject},
                       {QStringLiteral("predicateType"), str(receipts::kPredicateType)},
                       {QStringLiteral("predicate"), predicate}};
}

} // namespace

QByteArray receipts::genesisPrev()
{
    return QByteArray(64, '0');
}

QByteArray receipts::pae(const QByteArray &payloadType, const QByteArray &body)
{
    return QByteArrayLiteral("DSSEv1 ") + QByteArray::number(payloadType.size()) + ' ' + payloadType + ' ' +
           QByteArray::number(body.size()) + ' ' + body;
}

QString receipts::keyId(const QByteArray &publicKey)
{
    return QString::fromLatin1(sha256Hex(publicKey));
}

QByteArray buildEnvelope(const PurgeReceipt &receipt, const ReceiptLink &link, const QByteArray &seed)
{
    return buildEnvelope(receipt.toJson(), link, seed);
}

QByteArray buildEnvelope(const QJsonObject &receiptJson, const ReceiptLink &link, const QByteArray &seed)
{
    const QByteArray publicKey = ed25519::publicKey(seed);
    if (publicKey.isEmpty())
        return {};
    const QByteArray payload = canonical::serialize(statementOf(receiptJson, link, publicKey));
    const QByteArray sig = ed25519::sign(seed, receipts::pae(receipts::kPayloadType, payload));
    if (sig.isEmpty())
        return {};
    const QJsonObject signature{{QStringLiteral("keyid"), receipts::keyId(publicKey)},
                                {QStringLiteral("sig"), QString::fromLatin1(sig.toBase64())}};
    const QJsonObject envelope{{QStringLiteral("payload"), QString::fromLatin1(payload.toBase64())},
                               {QStringLiteral("payloadType"), str(receipts::kPayloadType)},
                               {QStringLiteral("signatures"), QJsonArray{signature}}};
    return canonical::serialize(envelope);
}

QJsonObject EnvelopeCheck::toJson() const
{
    return QJsonObject{{QStringLiteral("ok"), ok},
                       {QStringLiteral("problem"), ok ? QJsonValue() : QJsonValue(problem)},
                       {QStringLiteral("sha256"), QString::fromLatin1(sha256)},
                       {QStringLiteral("sequence"), double(sequence)},
                       {QStringLiteral("prev_sha256"), QString::fromLatin1(prevSha256)},
                       {QStringLiteral("run_id"), runId},
                       {QStringLiteral("database"), database},
                       {QStringLiteral("recorded_utc"), recordedUtc},
                       {QStringLiteral("keyid"), keyId},
                       {QStringLiteral("public_key"), QString::fromLatin1(publicKey.toBase64())}};
}

namespace {

// Reads the predicate's fields into `c`; false with c->problem when one is missing or malformed.
bool readPredicate(const QJsonObject &statement, EnvelopeCheck *c)
{
    const QJsonObject predicate = statement.value(QStringLiteral("predicate")).toObject();
    const QJsonObject signer = predicate.value(QStringLiteral("signer")).toObject();
    const QJsonObject receipt = predicate.value(QStringLiteral("receipt")).toObject();
    c->sequence = qint64(predicate.value(QStringLiteral("sequence")).toDouble());
    c->prevSha256 = predicate.value(QStringLiteral("prev_sha256")).toString().toLatin1();
    c->database = predicate.value(QStringLiteral("database")).toString();
    c->recordedUtc = predicate.value(QStringLiteral("recorded_utc")).toString();
    c->runId = receipt.value(QStringLiteral("run_id")).toString();
    c->publicKey = QByteArray::fromBase64(signer.value(QStringLiteral("public_key")).toString().toLatin1());
    c->keyId = receipts::keyId(c->publicKey);
    if (statement.value(QStringLiteral("_type")).toString() != str(receipts::kStatementType) ||
        statement.value(QStringLiteral("predicateType")).toString() != str(receipts::kPredicateType)) {
        c->problem = ReceiptVerifier::tr("the payload is not an in-toto Statement v1 of a purge receipt");
        return false;
    }
    if (c->sequence < 1 || c->prevSha256.size() != 64 || receipt.isEmpty() ||
        c->publicKey.size() != ed25519::kPublicKeySize) {
        c->problem =
            ReceiptVerifier::tr("the predicate lacks its sequence, previous hash, receipt or public key");
        return false;
    }
    const QJsonArray subject = statement.value(QStringLiteral("subject")).toArray();
    const QString digest = subject.at(0)
                               .toObject()
                               .value(QStringLiteral("digest"))
                               .toObject()
                               .value(QStringLiteral("sha256"))
                               .toString();
    if (subject.size() != 1 || digest.toLatin1() != sha256Hex(canonical::serialize(receipt))) {
        c->problem = ReceiptVerifier::tr("the subject's digest is not the SHA-256 of the receipt it carries");
        return false;
    }
    return true;
}

// True when one of the envelope's signatures is the predicate's key's over PAE(type, payload).
bool signatureHolds(const QJsonArray &signatures, const QByteArray &payload, const EnvelopeCheck &c)
{
    const QByteArray message = receipts::pae(receipts::kPayloadType, payload);
    for (const QJsonValue &s : signatures) {
        const auto sig =
            QByteArray::fromBase64Encoding(s.toObject().value(QStringLiteral("sig")).toString().toLatin1(),
                                           QByteArray::AbortOnBase64DecodingErrors);
        if (sig && ed25519::verify(c.publicKey, message, *sig))
            return true;
    }
    return false;
}

} // namespace

EnvelopeCheck ReceiptVerifier::check(const QByteArray &bytes)
{
    EnvelopeCheck c;
    const QByteArray json = bytes.endsWith('\n') ? bytes.chopped(1) : bytes;
    const QJsonObject envelope = QJsonDocument::fromJson(json).object();
    c.sha256 = sha256Hex(json);
    if (envelope.isEmpty()) {
        c.problem = tr("not a JSON object (a DSSE envelope)");
        return c;
    }
    if (!canonical::isCanonical(json)) {
        c.problem = tr("the envelope is not in canonical form (sorted keys, no white space): it was edited");
        return c;
    }
    const auto payload =
        QByteArray::fromBase64Encoding(envelope.value(QStringLiteral("payload")).toString().toLatin1(),
                                       QByteArray::AbortOnBase64DecodingErrors);
    if (envelope.value(QStringLiteral("payloadType")).toString() != str(receipts::kPayloadType) || !payload) {
        c.problem =
            tr("not a DSSE envelope of type %1 with a base64 payload").arg(str(receipts::kPayloadType));
        return c;
    }
    if (!canonical::isCanonical(*payload)) {
        c.problem = tr("the payload is not canonical JSON");
        return c;
    }
    c.statement = QJsonDocument::fromJson(*payload).object();
    if (!readPredicate(c.statement, &c))
        return c;
    if (!signatureHolds(envelope.value(QStringLiteral("signatures")).toArray(), *payload, c)) {
        c.problem = tr("the Ed25519 signature does not verify with the public key the receipt names (key %1)")
                        .arg(c.keyId.left(16));
        return c;
    }
    c.ok = true;
    return c;
}

} // namespace purga
