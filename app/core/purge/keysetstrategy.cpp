// --strategy keyset: batches in (empresa_id, id) order (keysetstrategy.h).
#include "keysetstrategy.h"

#include "receipt.h"
#include "rulerun.h"

#include "core/pg/pgconnection.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

#include <limits>

namespace purga {

namespace {

// A valid btree index, not partial, whose first two key columns are empresa_id and id, both in the
// same direction (a backward walk serves too); expression columns have attnum 0 in indkey.
const char kIndexSql[] =
    "SELECT EXISTS (\n"
    "  SELECT 1 FROM pg_index i\n"
    "  JOIN pg_class ic ON ic.oid = i.indexrelid\n"
    "  JOIN pg_am am ON am.oid = ic.relam\n"
    "  WHERE i.indrelid = to_regclass('%1') AND i.indisvalid AND i.indisready\n"
    "    AND i.indpred IS NULL AND am.amname = 'btree' AND i.indnkeyatts >= 2\n"
    "    AND i.indkey[0] = (SELECT a.attnum FROM pg_attribute a\n"
    "                        WHERE a.attrelid = i.indrelid AND a.attname = 'empresa_id')\n"
    "    AND i.indkey[1] = (SELECT a.attnum FROM pg_attribute a\n"
    "                        WHERE a.attrelid = i.indrelid AND a.attname = 'id')\n"
    "    AND i.indoption[0] = i.indoption[1])";

bool readIndex(QSqlQuery &q, const QString &table, bool *has)
{
    if (!q.exec(QString::fromLatin1(kIndexSql).arg(table)) || !q.next())
        return false;
    *has = q.value(0).toBool();
    return true;
}

} // namespace

bool hasKeysetIndex(PgConnection &conn, const QString &table, bool *has, QString *error)
{
    QSqlQuery q(conn.database());
    if (readIndex(q, table, has))
        return true;
    *error = q.lastError().databaseText().trimmed();
    return false;
}

QString keysetIndexStatement(const QString &table)
{
    const QString bare = table.section(u'.', -1);
    return QStringLiteral("CREATE INDEX CONCURRENTLY %1_empresa_id_id_idx ON %2 (empresa_id, id);")
        .arg(bare, table);
}

QString keysetUnindexedText(const QString &table)
{
    return QCoreApplication::translate(
               "purga", "%1: no index starts with (empresa_id, id), so every keyset batch scans and sorts "
                        "the table. To walk an index instead, create it (without blocking writers): %2")
        .arg(table, keysetIndexStatement(table));
}

namespace detail {

KeysetStrategy::KeysetStrategy(const RulePreview &preview)
    : m_preview(preview)
    , m_limits(chunkLimitsOf(preview.config))
    , m_empresaId(std::numeric_limits<qint64>::min())
    , m_id(std::numeric_limits<qint64>::min())
{
    m_sql = Rules::deleteKeysetBatchSql(preview.config, Rules::cutoffLiteral(preview.cutoffUtc));
    m_template = withKeyRange(m_sql, preview);
}

bool KeysetStrategy::prepare(QSqlQuery &q, PurgeContext &ctx, int limit)
{
    m_limits.batchSize = limit;
    if (m_prepared)
        return true;
    bool indexed = false;
    if (!readIndex(q, m_preview.table, &indexed))
        return false;
    m_prepared = true;
    m_unindexed = !indexed;
    if (m_unindexed && ctx.observer)
        ctx.observer->notice(keysetUnindexedText(m_preview.table));
    // The span is sized in keys as the TID ranges are in blocks: the preview's removable rows over
    // its rows give the first density.
    m_plan = firstChunk(m_preview.eligible, qMax<qint64>(1, m_preview.total), m_limits);
    ctx.log(QCoreApplication::translate("purga::detail", "%1: keyset batches by (empresa_id, id), first span "
                                                         "%2 keys.")
                .arg(m_preview.table)
                .arg(m_plan.chunk));
    return true;
}

QString KeysetStrategy::batchSql() const
{
    return QString(m_template)
        .replace(QStringLiteral("%LIMIT%"), QString::number(m_limits.batchSize))
        .replace(QStringLiteral("%SPAN%"), QString::number(m_plan.chunk))
        .replace(QStringLiteral("%EMPRESA_FROM%"), QString::number(m_empresaId))
        .replace(QStringLiteral("%ID_FROM%"), QString::number(m_id));
}

qint64 KeysetStrategy::removed(const StatementResult &result)
{
    const QVariantList &v = result.firstRow;
    if (v.size() < 6)
        return -1;
    m_step.picked = v.at(1).toLongLong();
    m_step.spanned = v.at(2).toLongLong();
    m_step.consumed = v.at(3).toLongLong();
    m_step.stopped = !v.at(4).isNull();
    m_step.empresaId = v.at(4).toLongLong();
    m_step.id = v.at(5).toLongLong();
    return v.at(0).toLongLong();
}

void KeysetStrategy::advance(qint64 removed, double ms)
{
    const Step s = m_step;
    m_keysRead += s.consumed;
    const bool cut = s.picked >= m_limits.batchSize; // the LIMIT stopped it inside its span
    // A span shorter than asked reached the table's last key: nothing is after it.
    if (!s.stopped || (!cut && s.spanned < m_plan.chunk))
        m_more = false;
    if (s.stopped) {
        m_empresaId = s.empresaId;
        m_id = s.id;
    }
    // The batch read its keys up to the stop exactly: the density is known over them, cut or not.
    m_plan = nextChunk(m_plan, removed, qMax<qint64>(1, s.consumed), ms, m_limits, true);
}

void KeysetStrategy::report(RuleReceipt *r) const
{
    r->keysRead = m_keysRead;
    r->keysetUnindexed = m_unindexed;
}

} // namespace detail

} // namespace purga
