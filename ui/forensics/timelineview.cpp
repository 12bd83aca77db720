#include "timelineview.h"

#include "core/forensics/evidenceexport.h"
#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFile>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpressionValidator>
#include <QStyle>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace purga {

TimelineView::TimelineView(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_empresa(new QLineEdit(this))
    , m_usuario(new QLineEdit(this))
    , m_useSince(new QCheckBox(tr("From (UTC)"), this))
    , m_since(new QDateTimeEdit(this))
    , m_useUntil(new QCheckBox(tr("To (UTC)"), this))
    , m_until(new QDateTimeEdit(this))
    , m_kind(new QComboBox(this))
    , m_reveal(new QCheckBox(tr("Show full hashe&s"), this))
    , m_load(new QPushButton(tr("Show &timeline"), this))
    , m_export(new QPushButton(tr("E&xport CSV…"), this))
    , m_status(new QLabel(this))
    , m_advice(new QLabel(this))
    , m_showSql(new QToolButton(this))
    , m_adviceSql(new QPlainTextEdit(this))
    , m_table(new QTableWidget(this))
{
    setupWidgets();
    setupLayout();
    connectSignals();
}

void TimelineView::setupWidgets()
{
    m_showSql->setText(tr("Show the statements"));
    m_showSql->setCheckable(true);
    m_showSql->hide();
    m_adviceSql->setReadOnly(true);
    m_adviceSql->setMaximumHeight(110);
    m_adviceSql->hide();
    setObjectName(QStringLiteral("timeline"));
    auto *digits = new QRegularExpressionValidator(QRegularExpression(QStringLiteral("[0-9]{1,18}")), this);
    m_empresa->setValidator(digits);
    m_usuario->setValidator(digits);
    m_empresa->setPlaceholderText(tr("tenant id"));
    m_usuario->setPlaceholderText(tr("user id"));
    m_empresa->setAccessibleName(tr("Tenant id"));
    m_usuario->setAccessibleName(tr("User id"));
    m_since->setAccessibleName(tr("From"));
    m_until->setAccessibleName(tr("To"));
    m_kind->setAccessibleName(tr("Events shown"));
    m_reveal->setToolTip(
        tr("Hashes are masked (first 8 … last 4) in the table and the export until you ask"));
    // Wide enough for a 10-digit id in any language's font metrics.
    for (QLineEdit *id : {m_empresa, m_usuario})
        id->setMinimumWidth(id->fontMetrics().horizontalAdvance(QStringLiteral("0000000000")) + 16);
    for (QDateTimeEdit *e : {m_since, m_until}) {
        e->setTimeSpec(Qt::UTC);
        e->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm"));
        e->setCalendarPopup(true);
        e->setEnabled(false);
        // The whole date and time, plus the popup button (the style's hint cut the minutes).
        e->setMinimumWidth(e->fontMetrics().horizontalAdvance(QStringLiteral("2026-12-31 23:59")) +
                           e->style()->pixelMetric(QStyle::PM_ComboBoxFrameWidth) * 2 + 40);
    }
    m_since->setDateTime(QDateTime::currentDateTimeUtc().addDays(-7));
    m_until->setDateTime(QDateTime::currentDateTimeUtc().addDays(1));
    m_kind->addItem(tr("All events"), QString());
    m_kind->addItem(tr("Refresh tokens"), QStringLiteral("refresh_token"));
    m_kind->addItem(tr("Pre-tokens"), QStringLiteral("pre_token"));
    m_kind->addItem(tr("Session log"), QStringLiteral("log"));
    m_kind->addItem(tr("Alerts only (replays)"), QStringLiteral("alert"));
    m_export->setEnabled(false);
    m_status->setTextFormat(Qt::PlainText);
    m_advice->setObjectName(QStringLiteral("indexAdvice"));
    m_advice->setWordWrap(true);
    m_advice->setTextFormat(Qt::PlainText);
    m_advice->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_advice->hide();
    m_table->setColumnCount(7);
    m_table->setHorizontalHeaderLabels(
        {tr("When"), tr("Kind"), tr("Event"), tr("Id"), tr("Token hash"), tr("IP"), tr("User agent")});
    m_table->horizontalHeader()->setStretchLastSection(true);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setAccessibleName(tr("Timeline events"));
    m_table->setToolTip(tr("Double-click a token's row (or press Enter on it) to look that token up"));
    m_table->verticalHeader()->hide();
}

void TimelineView::setupLayout()
{
    auto *row = new QHBoxLayout;
    auto *empresaLabel = new QLabel(tr("Te&nant"), this);
    empresaLabel->setBuddy(m_empresa);
    auto *usuarioLabel = new QLabel(tr("&User"), this);
    usuarioLabel->setBuddy(m_usuario);
    row->addWidget(empresaLabel);
    row->addWidget(m_empresa);
    row->addWidget(usuarioLabel);
    row->addWidget(m_usuario);
    row->addWidget(m_kind);
    row->addStretch(1);
    row->addWidget(m_load);
    row->addWidget(m_export);
    // The dates on a line of their own: one line for all the filters is wider than the window in Spanish.
    auto *dates = new QHBoxLayout;
    dates->addWidget(m_useSince);
    dates->addWidget(m_since);
    dates->addWidget(m_useUntil);
    dates->addWidget(m_until);
    dates->addStretch(1);
    dates->addWidget(m_reveal);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addLayout(row);
    layout->addLayout(dates);
    layout->addWidget(m_status);
    auto *adviceRow = new QHBoxLayout;
    adviceRow->addWidget(m_advice, 1);
    adviceRow->addWidget(m_showSql);
    layout->addLayout(adviceRow);
    layout->addWidget(m_adviceSql);
    layout->addWidget(m_table, 1);
}

void TimelineView::connectSignals()
{
    connect(m_showSql, &QToolButton::toggled, m_adviceSql, &QWidget::setVisible);
    connect(m_useSince, &QCheckBox::toggled, m_since, &QWidget::setEnabled);
    connect(m_useUntil, &QCheckBox::toggled, m_until, &QWidget::setEnabled);
    connect(m_load, &QPushButton::clicked, this, &TimelineView::load);
    connect(m_empresa, &QLineEdit::returnPressed, this, &TimelineView::load);
    connect(m_usuario, &QLineEdit::returnPressed, this, &TimelineView::load);
    connect(m_reveal, &QCheckBox::toggled, this, &TimelineView::refill);
    connect(m_table, &QAbstractItemView::activated, this,
            [this](const QModelIndex &index) { activateRow(index.row()); });
    connect(m_export, &QPushButton::clicked, this, &TimelineView::exportCsvInteractive);
    connect(m_kind, &QComboBox::currentIndexChanged, this, &TimelineView::refill);
}

void TimelineView::setUser(qint64 empresaId, qint64 usuarioId)
{
    m_empresa->setText(QString::number(empresaId));
    m_usuario->setText(QString::number(usuarioId));
}

void TimelineView::setKindFilter(const QString &kind)
{
    m_kind->setCurrentIndex(qMax(0, m_kind->findData(kind)));
}

void TimelineView::setRevealHashes(bool reveal)
{
    m_reveal->setChecked(reveal);
}

QString TimelineView::statusText() const
{
    return m_status->text();
}

void TimelineView::activateRow(int row)
{
    const QList<TimelineEvent> shown = visibleEvents();
    if (row < 0 || row >= shown.size())
        return;
    const QString hash = shown.at(row).tokenHash;
    if (hash.isEmpty()) {
        m_status->setText(Display::statusSymbol(Display::Status::Info) + u' ' +
                          tr("A session-log event names no token: only a token's row can be looked up."));
        return;
    }
    emit lookupRequested(hash);
}

QString TimelineView::adviceText() const
{
    return m_advice->isHidden() ? QString() : m_advice->text() + u'\n' + m_adviceSql->toPlainText();
}

void TimelineView::load()
{
    if (isLoading() || !m_state->isConnected())
        return;
    TimelineQuery q;
    bool okE = false, okU = false;
    q.empresaId = m_empresa->text().toLongLong(&okE);
    q.usuarioId = m_usuario->text().toLongLong(&okU);
    if (!okE || !okU) {
        m_status->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                          tr("Type a tenant id and a user id."));
        return;
    }
    if (m_useSince->isChecked())
        q.sinceUtc = m_since->dateTime().toUTC().toString(Qt::ISODate);
    if (m_useUntil->isChecked())
        q.untilUtc = m_until->dateTime().toUTC().toString(Qt::ISODate);
    m_status->setText(tr("Loading the timeline of user %1 of tenant %2…").arg(q.usuarioId).arg(q.empresaId));
    m_request = m_state->session()->readTimeline(q);
    m_request
        .onSucceeded(this,
                     [this](const UserTimeline &r) {
                         showResult(r);
                         emit loaded(true);
                     })
        .onFailed(this, [this](const DbFailure &f) {
            m_status->setText(Display::statusSymbol(Display::Status::Failed) + u' ' +
                              tr("Timeline failed: %1").arg(f.message));
            emit loaded(false);
        });
}

void TimelineView::showResult(const UserTimeline &r)
{
    m_events = r.events;
    int alerts = 0;
    for (const TimelineEvent &e : r.events)
        alerts += e.alert ? 1 : 0;
    QString status = tr("%1 events, newest first.").arg(Display::number(r.events.size()));
    if (alerts)
        status += u' ' + Display::statusSymbol(Display::Status::Warning) + u' ' +
                  tr("%1 replay events.").arg(alerts);
    if (r.truncated)
        status += u' ' + tr("Only the newest ones are shown: narrow the range.");
    m_status->setText(status);
    QStringList tables, statements;
    for (const IndexAdvice &a : r.advice) {
        tables << tr("%1 (%2)").arg(a.table, a.purpose);
        statements << QStringLiteral("-- ") + a.table << a.statements;
    }
    m_advice->setText(
        Display::statusSymbol(Display::Status::Info) + u' ' +
        tr("Slow without an index on %1. A DBA may create it without blocking writers; this app never "
           "runs it.")
            .arg(tables.join(QStringLiteral(", "))));
    m_advice->setToolTip(statements.join(u'\n'));
    m_adviceSql->setPlainText(statements.join(u'\n'));
    m_advice->setVisible(!tables.isEmpty());
    m_showSql->setVisible(!tables.isEmpty());
    if (tables.isEmpty())
        m_adviceSql->hide();
    m_export->setEnabled(!r.events.isEmpty());
    refill();
}

QList<TimelineEvent> TimelineView::visibleEvents() const
{
    const QString kind = m_kind->currentData().toString();
    QList<TimelineEvent> out;
    for (const TimelineEvent &e : m_events)
        if (kind.isEmpty() || e.kind == kind || (kind == QLatin1String("alert") && e.alert))
            out << e;
    return out;
}

void TimelineView::refill()
{
    const QList<TimelineEvent> shown = visibleEvents();
    m_table->setRowCount(int(shown.size()));
    for (int r = 0; r < shown.size(); ++r) {
        const TimelineEvent &e = shown.at(r);
        const QString event =
            e.alert ? Display::statusSymbol(Display::Status::Warning) + u' ' + e.event : e.event;
        const bool reveal = m_reveal->isChecked() || e.tokenHash.isEmpty();
        const QStringList cells = {Display::timestamp(e.atUtc),
                                   e.kind,
                                   event,
                                   QString::number(e.id),
                                   reveal ? e.tokenHash : Forensics::maskHash(e.tokenHash),
                                   e.ip,
                                   e.userAgent};
        for (int c = 0; c < cells.size(); ++c) {
            auto *item = new QTableWidgetItem(cells.at(c));
            if (e.alert) {
                QFont bold = item->font();
                bold.setBold(true);
                item->setFont(bold);
            }
            m_table->setItem(r, c, item);
        }
    }
    m_table->resizeColumnsToContents();
}

bool TimelineView::exportCsv(const QString &path, QString *error) const
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate)) {
        *error = f.errorString();
        return false;
    }
    const EvidenceSource source = EvidenceSource::now(
        m_state->profile(), m_state->preflight().role,
        EvidenceExport::timelineSubject(m_empresa->text().toLongLong(), m_usuario->text().toLongLong()),
        m_reveal->isChecked());
    f.write(EvidenceExport::timelineCsv(visibleEvents(), source).toUtf8());
    return true;
}

void TimelineView::exportCsvInteractive()
{
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export the timeline"),
        QStringLiteral("timeline-%1-%2.csv").arg(m_empresa->text(), m_usuario->text()),
        tr("CSV files (*.csv)"));
    if (path.isEmpty())
        return;
    QString error;
    m_status->setText(exportCsv(path, &error) ? tr("Exported to %1.").arg(path)
                                              : tr("Export failed: %1").arg(error));
}

} // namespace purga
