#pragma once

// Walks a database's receipts in their stored order (identidad.purga_recibos.numero) and names the
// first one that is missing, altered or out of order. Pure: the rows come from receiptchain.h, so
// the walk is tested without a server as well as against one.
#include <QByteArray>
#include <QCoreApplication>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QStringList>

namespace purga {

// One row of identidad.purga_recibos.
struct ChainRow
{
    qint64 number = 0; // numero: its place in the chain as stored
    QString runId;
    QByteArray sha256;    // the stored hash of the envelope
    QByteArray publicKey; // the stored public key, base64
    QByteArray envelope;  // the canonical DSSE envelope
    QString recordedAt;
};

struct ChainReport
{
    enum class Break { None, Missing, Altered, OutOfOrder };
    bool intact = true;
    int count = 0;            // receipts in the table
    Break kind = Break::None; // of the first break
    qint64 brokenAt = 0;      // the receipt (its sequence number) the break names
    QString problem;          // translated: which receipt and why
    qint64 headSequence = 0;  // the newest receipt of an intact chain
    QByteArray headSha256;    // its hash: what to put in the incident ticket
    QStringList keyIds;       // the signing keys seen, in the order first seen

    static QString breakId(Break kind); // "missing" | "altered" | "out_of_order" | ""
    QJsonObject toJson() const;         // docs/cli-json.md, "verify --chain"
};

class ChainCheck
{
    Q_DECLARE_TR_FUNCTIONS(ChainCheck)
public:
    static ChainReport walk(const QList<ChainRow> &rows);
};

} // namespace purga
