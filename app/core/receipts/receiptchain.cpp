#include "receiptchain.h"

#include "core/pg/pgconnection.h"
#include "core/purge/receipt.h"
#include "core/security/ed25519.h"
#include "core/security/receiptkeystore.h"
#include "core/security/secrets.h"
#include "receiptenvelope.h"

#include <QJsonObject>
#include <QSqlError>
#include <QSqlQuery>
#include <QUuid>
#include <QVariant>

namespace purga {

namespace {

const QString kColumns = QStringLiteral("numero, corrida_id::text, sha256, clave_publica, sobre, "
                                        "to_char(registrado_en AT TIME ZONE 'UTC', "
                                        "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"')");

ChainRow rowOf(const QSqlQuery &q)
{
    ChainRow r;
    r.number = q.value(0).toLongLong();
    r.runId = q.value(1).toString();
    r.sha256 = q.value(2).toString().toLatin1();
    r.publicKey = q.value(3).toString().toLatin1();
    r.envelope = q.value(4).toString().toUtf8();
    r.recordedAt = q.value(5).toString();
    return r;
}

bool fail(const QSqlQuery &q, QString *error)
{
    *error = q.lastError().databaseText();
    return false;
}

} // namespace

QJsonObject AppendedReceipt::toJson() const
{
    return QJsonObject{{QStringLiteral("sequence"), double(sequence)},
                       {QStringLiteral("sha256"), QString::fromLatin1(sha256)},
                       {QStringLiteral("prev_sha256"), QString::fromLatin1(prevSha256)},
                       {QStringLiteral("keyid"), keyId}};
}

bool ReceiptChain::available(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    return q.exec(QStringLiteral("SELECT to_regclass('identidad.purga_recibos') IS NOT NULL")) && q.next() &&
           q.value(0).toBool();
}

QString ReceiptChain::databaseIdentity(PgConnection &conn)
{
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral(
            "SELECT 'postgresql://' || coalesce(CASE WHEN has_function_privilege('pg_control_system()', "
            "'EXECUTE') THEN (SELECT system_identifier::text FROM pg_control_system()) END, "
            "host(coalesce(inet_server_addr(), '127.0.0.1')) || ':' || current_setting('port')) "
            "|| '/' || current_database()")) ||
        !q.next())
        return QString();
    return q.value(0).toString();
}

bool ReceiptChain::append(PgConnection &conn, const PurgeReceipt &receipt, const SigningKey &key,
                          AppendedReceipt *out, QString *error)
{
    if (!available(conn)) {
        *error = tr("this history has no receipts table (setup-history adds it in place)");
        return false;
    }
    ReceiptLink link;
    link.database = databaseIdentity(conn);
    link.osUser = osUserName();
    QSqlQuery q(conn.database());
    if (!q.exec(QStringLiteral("BEGIN")) ||
        !q.exec(QStringLiteral("LOCK TABLE identidad.purga_recibos IN SHARE ROW EXCLUSIVE MODE")) ||
        !q.exec(QStringLiteral("SELECT coalesce(max(numero), 0), to_char(now() AT TIME ZONE 'UTC', "
                               "'YYYY-MM-DD\"T\"HH24:MI:SS.MS\"Z\"') FROM identidad.purga_recibos")) ||
        !q.next()) {
        fail(q, error);
        QSqlQuery(conn.database()).exec(QStringLiteral("ROLLBACK"));
        return false;
    }
    link.sequence = q.value(0).toLongLong() + 1;
    link.recordedUtc = q.value(1).toString();
    link.prevSha256 = receipts::genesisPrev();
    if (link.sequence > 1) {
        QSqlQuery head(conn.database());
        if (!head.exec(
                QStringLiteral("SELECT sobre FROM identidad.purga_recibos ORDER BY numero DESC LIMIT 1")) ||
            !head.next()) {
            fail(head, error);
            QSqlQuery(conn.database()).exec(QStringLiteral("ROLLBACK"));
            return false;
        }
        link.prevSha256 = sha256Hex(head.value(0).toString().toUtf8());
    }
    const QByteArray envelope = buildEnvelope(receipt, link, key.seed);
    QSqlQuery ins(conn.database());
    ins.prepare(
        QStringLiteral("INSERT INTO identidad.purga_recibos (numero, corrida_id, sha256, sha256_previo, "
                       "clave_publica, sobre) VALUES (?, CAST(? AS uuid), ?, ?, ?, ?)"));
    for (const QVariant &v :
         {QVariant(link.sequence), QVariant(receipt.runId),
          QVariant(QString::fromLatin1(sha256Hex(envelope))), QVariant(QString::fromLatin1(link.prevSha256)),
          QVariant(QString::fromLatin1(key.publicKey.toBase64())), QVariant(QString::fromUtf8(envelope))})
        ins.addBindValue(v);
    if (envelope.isEmpty()) {
        *error = tr("the receipt could not be signed");
    } else if (ins.exec() && QSqlQuery(conn.database()).exec(QStringLiteral("COMMIT"))) {
        *out = AppendedReceipt{link.sequence, sha256Hex(envelope), link.prevSha256,
                               receipts::keyId(key.publicKey), envelope};
        return true;
    } else {
        *error = ins.lastError().databaseText();
    }
    QSqlQuery(conn.database()).exec(QStringLiteral("ROLLBACK"));
    return false;
}

bool ReceiptChain::readAll(PgConnection &conn, QList<ChainRow> *rows, QString *error)
{
    QSqlQuery q(conn.database());
    q.setForwardOnly(true);
    if (!q.exec(QStringLiteral("SELECT %1 FROM identidad.purga_recibos ORDER BY numero").arg(kColumns)))
        return fail(q, error);
    rows->clear();
    while (q.next())
        rows->append(rowOf(q));
    return true;
}

bool ReceiptChain::readOne(PgConnection &conn, const QString &which, ChainRow *row, QString *error)
{
    bool isNumber = false;
    const qint64 number = which.toLongLong(&isNumber);
    const bool isUuid = !QUuid::fromString(which).isNull();
    if (!isNumber && !isUuid) {
        *error = tr("\"%1\" is neither a receipt number nor a run id").arg(which);
        return false;
    }
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("SELECT %1 FROM identidad.purga_recibos WHERE %2")
                  .arg(kColumns, isNumber ? QStringLiteral("numero = ?")
                                          : QStringLiteral("corrida_id = CAST(? AS uuid)")));
    q.addBindValue(isNumber ? QVariant(number) : QVariant(which));
    if (!q.exec())
        return fail(q, error);
    if (!q.next()) {
        *error = tr("no receipt %1 in this database").arg(which);
        return false;
    }
    *row = rowOf(q);
    return true;
}

bool ReceiptChain::verify(PgConnection &conn, ChainReport *report, QString *error)
{
    QList<ChainRow> rows;
    if (!readAll(conn, &rows, error))
        return false;
    *report = ChainCheck::walk(rows);
    return true;
}

bool ReceiptChain::state(PgConnection &conn, ReceiptChainState *out, QString *error)
{
    out->tableExists = available(conn);
    return !out->tableExists || verify(conn, &out->report, error);
}

bool ReceiptChain::checkRun(PgConnection &conn, const QString &runId, RunReceiptCheck *out, QString *error)
{
    out->tableExists = available(conn);
    if (!out->tableExists)
        return true;
    QSqlQuery q(conn.database());
    q.prepare(QStringLiteral("SELECT %1 FROM identidad.purga_recibos WHERE corrida_id = CAST(? AS uuid)")
                  .arg(kColumns));
    q.addBindValue(runId);
    if (!q.exec())
        return fail(q, error);
    out->found = q.next();
    if (!out->found)
        return true;
    const ChainRow row = rowOf(q);
    out->number = row.number;
    out->check = ReceiptVerifier::check(row.envelope);
    out->storedHashMatches = out->check.sha256 == row.sha256;
    return true;
}

} // namespace purga
