// verify, receipt-export and the purge's signed receipt: each purge's receipt signed with the
// workstation's key (OS keychain) and chained in identidad.purga_recibos; a receipt file or the
// whole chain checked (exit 7 when not intact). docs/receipts.md, docs/cli-json.md.
#include "cliapp.h"

#include "core/purge/receipt.h"
#include "core/receipts/receiptchain.h"
#include "core/receipts/receiptenvelope.h"
#include "core/security/receiptkeystore.h"

#include <QFile>
#include <QJsonArray>
#include <QSaveFile>

namespace purga::cli {

namespace {

// Writes `envelope` (and a newline) to `path` atomically; false after saying why.
bool writeReceiptFile(const QString &path, const QByteArray &envelope)
{
    QSaveFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(envelope + '\n') != envelope.size() + 1 || !f.commit()) {
        Context::error(Context::tr("Could not write the receipt to %1: %2").arg(path, f.errorString()));
        return false;
    }
    return true;
}

// Connects and checks that the database has the receipts table; false with *code set otherwise.
bool openReceipts(Context &ctx, PgConnection &conn, int *code)
{
    ConnectionProfile profile;
    if (!ctx.connect(conn, &profile, code))
        return false;
    if (ReceiptChain::available(conn))
        return true;
    Context::error(Context::tr("This database has no receipts table (run setup-history)."));
    *code = Exit::Refused;
    return false;
}

int verifyFile(const Context &ctx, const QString &path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        Context::error(Context::tr("Cannot read %1: %2").arg(path, f.errorString()));
        return Exit::Other;
    }
    const EnvelopeCheck c = ReceiptVerifier::check(f.readAll());
    if (ctx.json) {
        QJsonObject o = c.toJson();
        o.insert(QStringLiteral("file"), path);
        Context::printJson(o);
    } else if (c.ok) {
        Context::printLine(Context::tr("Receipt %1 of run %2 (%3): signature and form intact.")
                               .arg(c.sequence)
                               .arg(c.runId, c.database));
        Context::printLine(
            Context::tr("  sha256 %1, previous %2, key %3")
                .arg(QString::fromLatin1(c.sha256), QString::fromLatin1(c.prevSha256), c.keyId));
    }
    if (!c.ok)
        Context::error(Context::tr("%1 is not an intact receipt: %2.").arg(path, c.problem));
    return c.ok ? Exit::Ok : Exit::Unhealthy;
}

int verifyChain(Context &ctx)
{
    PgConnection conn;
    int code = Exit::Ok;
    if (!openReceipts(ctx, conn, &code))
        return code;
    ChainReport report;
    QString error;
    if (!ReceiptChain::verify(conn, &report, &error)) {
        Context::error(Context::tr("Could not read the receipts: %1").arg(error));
        return Exit::Other;
    }
    if (ctx.json)
        Context::printJson(report.toJson());
    else if (report.intact)
        Context::printLine(
            report.count == 0
                ? Context::tr("No receipts yet: the chain is empty.")
                : Context::tr("Chain intact: %1 receipts, head %2 (sha256 %3), %4 signing keys.")
                      .arg(report.count)
                      .arg(report.headSequence)
                      .arg(QString::fromLatin1(report.headSha256))
                      .arg(report.keyIds.size()));
    if (!report.intact)
        Context::error(
            Context::tr("Chain broken at receipt %1: %2").arg(report.brokenAt).arg(report.problem));
    return report.intact ? Exit::Ok : Exit::Unhealthy;
}

} // namespace

int cmdVerify(Context &ctx)
{
    const bool file = ctx.parser.isSet(QStringLiteral("receipt"));
    const bool chain = ctx.parser.isSet(QStringLiteral("chain"));
    if (file == chain) {
        Context::error(Context::tr("Say what to verify: --receipt FILE or --chain (with a connection)."));
        return Exit::Usage;
    }
    return file ? verifyFile(ctx, ctx.parser.value(QStringLiteral("receipt"))) : verifyChain(ctx);
}

int cmdReceiptExport(Context &ctx)
{
    const QStringList args = ctx.parser.positionalArguments();
    const QString which = args.value(1), path = args.value(2);
    PgConnection conn;
    int code = Exit::Ok;
    if (!openReceipts(ctx, conn, &code))
        return code;
    ChainRow row;
    QString error;
    QList<ChainRow> rows;
    if (which == QLatin1String("head")) {
        if (!ReceiptChain::readAll(conn, &rows, &error) || rows.isEmpty()) {
            Context::error(error.isEmpty() ? Context::tr("No receipts yet.") : error);
            return Exit::Other;
        }
        row = rows.last();
    } else if (!ReceiptChain::readOne(conn, which, &row, &error)) {
        Context::error(error);
        return Exit::Other;
    }
    if (!writeReceiptFile(path, row.envelope))
        return Exit::Other;
    if (ctx.json)
        Context::printJson(QJsonObject{{QStringLiteral("sequence"), double(row.number)},
                                       {QStringLiteral("run_id"), row.runId},
                                       {QStringLiteral("sha256"), QString::fromLatin1(row.sha256)},
                                       {QStringLiteral("file"), path}});
    else
        Context::info(Context::tr("Receipt %1 (run %2, sha256 %3) written to %4.")
                          .arg(row.number)
                          .arg(row.runId, QString::fromLatin1(row.sha256), path));
    return Exit::Ok;
}

QJsonValue signReceiptAfterPurge(Context &ctx, PgConnection &conn, const PurgeReceipt &receipt)
{
    if (receipt.status == RunStatus::LockBusy || !conn.isOpen() || !ReceiptChain::available(conn))
        return QJsonValue();
    ReceiptKeyStore keys;
    SigningKey key = keys.loadOrCreateSync();
    if (!key.isValid()) {
        Context::info(Context::tr("Warning: the receipt is not signed nor chained: %1").arg(key.problem));
        return QJsonValue();
    }
    if (key.created)
        Context::info(Context::tr("A receipt-signing key was made for this workstation and stored in the "
                                  "keychain (key %1).")
                          .arg(receipts::keyId(key.publicKey)));
    AppendedReceipt appended;
    QString error;
    const bool ok = ReceiptChain::append(conn, receipt, key, &appended, &error);
    key.wipe();
    if (!ok) {
        Context::info(Context::tr("Warning: the signed receipt could not be recorded: %1").arg(error));
        return QJsonValue();
    }
    const QString out = ctx.parser.value(QStringLiteral("receipt-out"));
    if (!out.isEmpty())
        writeReceiptFile(out, appended.envelope);
    return appended.toJson();
}

void printSignedReceipt(const QJsonValue &signedReceipt)
{
    if (!signedReceipt.isObject())
        return;
    const QJsonObject o = signedReceipt.toObject();
    Context::printLine(Context::tr("  Signed receipt %1 chained (sha256 %2, key %3).")
                           .arg(qint64(o.value(QStringLiteral("sequence")).toDouble()))
                           .arg(o.value(QStringLiteral("sha256")).toString(),
                                o.value(QStringLiteral("keyid")).toString().left(16)));
}

} // namespace purga::cli
