// The Fleet page's rows: a server's probe or purge receipt, column by column.
#include "fleetmodel.h"

#include "core/rules/rules.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"

#include <QBrush>
#include <QGuiApplication>
#include <QJsonArray>
#include <QJsonObject>
#include <QLocale>

namespace purga {

QString FleetModel::ruleOf(int column)
{
    switch (column) {
    case Refresh:
        return RuleId::RefreshTokens;
    case Pre:
        return RuleId::PreTokens;
    case Log:
        return RuleId::LogSesiones;
    default:
        return QString();
    }
}

FleetModel::FleetModel(QObject *parent)
    : QAbstractTableModel(parent)
{
}

void FleetModel::reset(const QList<FleetMember> &members, bool purge)
{
    beginResetModel();
    m_purge = purge;
    m_rows.clear();
    for (const FleetMember &m : members) {
        FleetServerResult r;
        r.member = m;
        m_rows << r;
    }
    m_running = QList<bool>(m_rows.size(), false);
    endResetModel();
}

void FleetModel::setRow(int row, const FleetServerResult &result)
{
    m_rows[row] = result;
    m_running[row] = false;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void FleetModel::setRunning(int row)
{
    m_running[row] = true;
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

int FleetModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int FleetModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString FleetModel::ruleText(const FleetServerResult &r, const QString &rule) const
{
    const QJsonArray rules = (m_purge ? r.receipt : r.status).value(QStringLiteral("rules")).toArray();
    for (const QJsonValue &v : rules) {
        const QJsonObject o = v.toObject();
        if (o.value(m_purge ? QStringLiteral("id") : QStringLiteral("rule")).toString() != rule)
            continue;
        const qint64 n =
            qint64(o.value(m_purge ? QStringLiteral("deleted") : QStringLiteral("removable")).toDouble());
        QString t = Display::number(n);
        const double hours = o.value(QStringLiteral("removable_since_hours")).toDouble(-1);
        if (!m_purge && hours >= 24)
            t += tr(" (%1 d)").arg(QLocale().toString(qint64(hours / 24)));
        return t;
    }
    return QString();
}

namespace {

QString shortHolder(const QString &holder)
{
    const qsizetype comma = holder.indexOf(QStringLiteral(", "));
    return comma < 0 ? holder : holder.left(comma) + u')';
}

} // namespace

QString FleetModel::text(const FleetServerResult &r, int column) const
{
    const QJsonObject &s = r.status;
    switch (column) {
    case Server:
        return r.member.profile;
    case Outcome:
        if (!r.ran() && r.skipped.isEmpty())
            return m_running.value(&r - m_rows.constData()) ? tr("running…") : tr("waiting");
        return r.outcomeText();
    case Verdict: {
        if (s.isEmpty()) // a check that reached nothing: why, where the verdict would be
            return m_purge ? QString() : r.errorText();
        const QJsonArray blocking = s.value(QStringLiteral("blocking")).toArray();
        return blocking.isEmpty() ? tr("may purge")
                                  : blocking.first().toObject().value(QStringLiteral("title")).toString();
    }
    case Pooler: { // the JSON id in words; "none" is a direct connection
        const QString id = s.value(QStringLiteral("connection_pooler")).toString();
        return id == QLatin1String("none")          ? tr("none", "pooler")
               : id == QLatin1String("session")     ? tr("session", "pooler mode")
               : id == QLatin1String("transaction") ? tr("transaction", "pooler mode")
                                                    : id;
    }
    case Lock:
        if (s.isEmpty())
            return QString();
        if (!s.value(QStringLiteral("lock_held")).toBool())
            return tr("free");
        // "pid 123 (app, user x, from …)" shortened to "pid 123 (app)"; the tooltip has it whole.
        return shortHolder(s.value(QStringLiteral("lock_holder")).toString());
    case Refresh:
    case Pre:
    case Log:
        return ruleText(r, ruleOf(column));
    case Health:
        return s.value(QStringLiteral("health")).toString();
    case LastJob:
        return s.isEmpty()
                   ? QString()
                   : Display::localMinute(s.value(QStringLiteral("last_job_ok_utc")).toString(), tr("never"));
    case Detail:
        if (!r.skipped.isEmpty())
            return r.skipped;
        return !m_purge && s.isEmpty() ? QString() : r.errorText(); // not twice
    }
    return QString();
}

// The theme's danger colour, light or dark (a fixed dark red was hard to read on the dark palette);
// the words say it too.
QVariant FleetModel::foreground(const FleetServerResult &r, int column) const
{
    const bool bad = (column == Outcome && r.ran() && !r.ok()) ||
                     (column == Health && !r.status.value(QStringLiteral("healthy")).toBool(true));
    return bad ? QVariant(QBrush(Theme::accent(Theme::Tone::Danger, QGuiApplication::palette())))
               : QVariant();
}

QVariant FleetModel::data(const QModelIndex &index, int role) const
{
    if (!index.isValid() || index.row() >= m_rows.size())
        return QVariant();
    const FleetServerResult &r = m_rows.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
        return text(r, index.column());
    case Qt::ToolTipRole:
        if (index.column() == Lock && r.status.value(QStringLiteral("lock_held")).toBool())
            return r.status.value(QStringLiteral("lock_holder")).toString();
        return index.column() == Server ? r.member.target + u'\n' + r.member.tags.join(u' ')
                                        : text(r, index.column());
    case Qt::DecorationRole:
        return index.column() == Server && m_swatch ? QVariant(m_swatch(r.member.environment)) : QVariant();
    case Qt::ForegroundRole:
        return foreground(r, index.column());
    case Qt::TextAlignmentRole:
        return index.column() >= Refresh && index.column() <= Log
                   ? QVariant(Qt::AlignRight | Qt::AlignVCenter)
                   : QVariant();
    default:
        return QVariant();
    }
}

QVariant FleetModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QVariant();
    switch (section) {
    case Server:
        return tr("Server");
    case Outcome:
        return tr("Outcome");
    case Verdict:
        return tr("Checks");
    case Pooler:
        return tr("Pooler");
    case Lock:
        return tr("Purge lock");
    case Refresh:
        return m_purge ? tr("Refresh tokens deleted") : tr("Refresh tokens");
    case Pre:
        return m_purge ? tr("Pre-tokens deleted") : tr("Pre-tokens");
    case Log:
        return m_purge ? tr("Session log deleted") : tr("Session log (partitions)");
    case Health:
        return tr("Health");
    case LastJob:
        return tr("Last good job run");
    case Detail:
        return tr("Detail");
    }
    return QVariant();
}

} // namespace purga
