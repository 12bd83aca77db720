#pragma once

// identidad.purga_recibos: each purge's signed receipt (receiptenvelope.h), chained to the previous
// one of the same database. Appending takes the table's lock (SHARE ROW EXCLUSIVE, which conflicts
// with itself) so that two workstations never link to the same head; reading and the chain walk
// (chaincheck.h) need only SELECT. The table and its guards come from setup-history.
#include "chaincheck.h"
#include "receiptenvelope.h"

#include <QCoreApplication>
#include <QList>
#include <QString>

namespace purga {

class PgConnection;
struct PurgeReceipt;
struct SigningKey;

// What one append wrote.
struct AppendedReceipt
{
    qint64 sequence = 0;
    QByteArray sha256;
    QByteArray prevSha256;
    QString keyId;
    QByteArray envelope;
    QJsonObject toJson() const; // docs/cli-json.md, "signed_receipt" of purge
};

// One run's receipt, looked up and checked on its own (the History page's "Verify receipt").
struct RunReceiptCheck
{
    bool tableExists = true; // false: this history has no receipts table
    bool found = false;      // the run has a receipt
    qint64 number = 0;
    bool storedHashMatches = false; // the row's sha256 is its envelope's
    EnvelopeCheck check;
};

// The chain's state (the History page's line), or why there is none.
struct ReceiptChainState
{
    bool tableExists = true;
    ChainReport report;
};

class ReceiptChain
{
    Q_DECLARE_TR_FUNCTIONS(ReceiptChain)
public:
    // True when this history has the receipts table (setup-history of this version or later).
    static bool available(PgConnection &conn);
    // The subject's name: "postgresql://<system identifier>/<database>" (the identifier when this
    // role may read pg_control_system(), else the server's address and port).
    static QString databaseIdentity(PgConnection &conn);
    // Signs and appends `receipt` after the database's newest receipt, in one transaction.
    static bool append(PgConnection &conn, const PurgeReceipt &receipt, const SigningKey &key,
                       AppendedReceipt *out, QString *error);
    // Every receipt in stored order.
    static bool readAll(PgConnection &conn, QList<ChainRow> *rows, QString *error);
    // One receipt by its sequence number ("3") or its run's id (a uuid); false when not found.
    static bool readOne(PgConnection &conn, const QString &which, ChainRow *row, QString *error);
    // readAll() and ChainCheck::walk().
    static bool verify(PgConnection &conn, ChainReport *report, QString *error);
    // The chain walked, when the table exists.
    static bool state(PgConnection &conn, ReceiptChainState *out, QString *error);
    // readOne(runId) and ReceiptVerifier::check(); not found is not a failure.
    static bool checkRun(PgConnection &conn, const QString &runId, RunReceiptCheck *out, QString *error);
};

} // namespace purga
