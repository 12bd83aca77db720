#include "chaincheck.h"

#include "receiptenvelope.h"

#include <QJsonArray>
#include <QSet>

namespace purga {

QString ChainReport::breakId(Break kind)
{
    switch (kind) {
    case Break::None:
        return QString();
    case Break::Missing:
        return QStringLiteral("missing");
    case Break::Altered:
        return QStringLiteral("altered");
    case Break::OutOfOrder:
        return QStringLiteral("out_of_order");
    }
    return QString();
}

QJsonObject ChainReport::toJson() const
{
    const auto orNull = [](bool has, const QJsonValue &v) { return has ? v : QJsonValue(); };
    return QJsonObject{
        {QStringLiteral("intact"), intact},
        {QStringLiteral("receipts"), count},
        {QStringLiteral("broken_at"), orNull(!intact, double(brokenAt))},
        {QStringLiteral("break"), orNull(!intact, breakId(kind))},
        {QStringLiteral("problem"), orNull(!intact, problem)},
        {QStringLiteral("head_sequence"), orNull(intact && count > 0, double(headSequence))},
        {QStringLiteral("head_sha256"), orNull(intact && count > 0, QString::fromLatin1(headSha256))},
        {QStringLiteral("keyids"), QJsonArray::fromStringList(keyIds)}};
}

namespace {

ChainReport broken(ChainReport r, ChainReport::Break kind, qint64 at, const QString &problem)
{
    r.intact = false;
    r.kind = kind;
    r.brokenAt = at;
    r.problem = problem;
    r.headSequence = 0;
    r.headSha256.clear();
    return r;
}

} // namespace

ChainReport ChainCheck::walk(const QList<ChainRow> &rows)
{
    ChainReport r;
    r.count = int(rows.size());
    QList<EnvelopeCheck> checks;
    QSet<qint64> present;
    for (const ChainRow &row : rows) {
        checks << ReceiptVerifier::check(row.envelope);
        present.insert(checks.last().sequence);
    }
    qint64 prevSequence = 0;
    QByteArray prevSha = receipts::genesisPrev();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const ChainRow &row = rows.at(i);
        const EnvelopeCheck &c = checks.at(i);
        if (!c.ok)
            return broken(r, ChainReport::Break::Altered, row.number,
                          tr("Receipt %1 is altered: %2.").arg(row.number).arg(c.problem));
        if (c.sha256 != row.sha256 || c.publicKey.toBase64() != row.publicKey)
            return broken(r, ChainReport::Break::Altered, c.sequence,
                          tr("Receipt %1 is altered: its stored hash or public key is not its envelope's.")
                              .arg(c.sequence));
        const qint64 expected = prevSequence + 1;
        if (c.sequence > expected && !present.contains(expected))
            return broken(r, ChainReport::Break::Missing, expected,
                          c.sequence - expected == 1
                              ? tr("Receipt %1 is missing: receipt %2 follows receipt %3.")
                                    .arg(expected)
                                    .arg(c.sequence)
                                    .arg(prevSequence)
                              : tr("Receipts %1 to %2 are missing: receipt %3 follows receipt %4.")
                                    .arg(expected)
                                    .arg(c.sequence - 1)
                                    .arg(c.sequence)
                                    .arg(prevSequence));
        if (c.sequence != expected || c.sequence != row.number)
            return broken(r, ChainReport::Break::OutOfOrder, c.sequence,
                          tr("Receipt %1 is out of order: it is stored at place %2, after receipt %3.")
                              .arg(c.sequence)
                              .arg(row.number)
                              .arg(prevSequence));
        if (c.prevSha256 != prevSha)
            return broken(r, ChainReport::Break::Altered, prevSequence > 0 ? prevSequence : c.sequence,
                          prevSequence > 0
                              ? tr("Receipt %1 was altered or replaced: receipt %2 carries another hash "
                                   "for it.")
                                    .arg(prevSequence)
                                    .arg(c.sequence)
                              : tr("Receipt %1 is altered: the first receipt must link to no previous one.")
                                    .arg(c.sequence));
        if (!r.keyIds.contains(c.keyId))
            r.keyIds << c.keyId;
        prevSequence = c.sequence;
        prevSha = c.sha256;
    }
    r.headSequence = prevSequence;
    r.headSha256 = prevSequence > 0 ? prevSha : QByteArray();
    return r;
}

} // namespace purga
