// The Holds panel of the Forensics page (holdsview.h).
#include "holdsview.h"

#include "core/session/dbsession.h"
#include "ui/state/appstate.h"
#include "ui/style/displayformat.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateTimeEdit>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace purga {

namespace {

enum Column { Id, State, Scope, Reason, Added, Until, Released, ColumnCount };

} // namespace

HoldsView::HoldsView(AppState *state, QWidget *parent)
    : QWidget(parent)
    , m_state(state)
    , m_scope(new QComboBox(this))
    , m_value(new QLineEdit(this))
    , m_reason(new QLineEdit(this))
    , m_hasUntil(new QCheckBox(tr("Until"), this))
    , m_until(new QDateTimeEdit(this))
    , m_add(new QPushButton(tr("&Add hold"), this))
    , m_release(new QPushButton(tr("Re&lease selected"), this))
    , m_reload(new QPushButton(tr("Reload"), this))
    , m_status(new QLabel(this))
    , m_table(new QTableWidget(0, ColumnCount, this))
{
    setObjectName(QStringLiteral("holdsView"));
    m_scope->setObjectName(QStringLiteral("holdScope"));
    m_scope->setAccessibleName(tr("Hold scope"));
    m_scope->addItem(tr("User (tenant:user)"), QStringLiteral("user"));
    m_scope->addItem(tr("Token family (UUID)"), QStringLiteral("family"));
    m_scope->addItem(tr("Tenant"), QStringLiteral("tenant"));
    m_scope->addItem(tr("Token (hash)"), QStringLiteral("token"));
    m_value->setObjectName(QStringLiteral("holdValue"));
    m_value->setPlaceholderText(tr("e.g. 5:7"));
    m_reason->setObjectName(QStringLiteral("holdReason"));
    m_reason->setPlaceholderText(tr("Incident or ticket, e.g. INC-123"));
    m_until->setObjectName(QStringLiteral("holdUntil"));
    m_until->setTimeSpec(Qt::UTC);
    m_until->setDisplayFormat(QStringLiteral("yyyy-MM-dd HH:mm 'UTC'"));
    m_until->setDateTime(QDateTime::currentDateTimeUtc().addDays(30));
    m_until->setEnabled(false);
    m_add->setObjectName(QStringLiteral("addHoldButton"));
    m_release->setObjectName(QStringLiteral("releaseHoldButton"));
    m_status->setObjectName(QStringLiteral("holdStatus"));
    m_status->setWordWrap(true);
    m_status->setTextFormat(Qt::PlainText);
    m_table->setObjectName(QStringLiteral("holdsTable"));
    m_table->setHorizontalHeaderLabels(
        {tr("Id"), tr("State"), tr("Scope"), tr("Reason"), tr("Added"), tr("Until"), tr("Released")});
    m_table->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_table->setSelectionMode(QAbstractItemView::SingleSelection);
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->hide();
    // Every column as wide as its text, the last one taking what is left: a stretched Reason was
    // squeezed to a few pixels whenever the others did not fit (a family's UUID, a long name).
    // "When" and "who" on two lines keep Added and Released narrow.
    m_table->verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_table->horizontalHeader()->setStretchLastSection(true);
    setupLayout();
    connect(m_add, &QPushButton::clicked, this, &HoldsView::addHold);
    connect(m_release, &QPushButton::clicked, this, &HoldsView::releaseSelected);
    connect(m_reload, &QPushButton::clicked, this, &HoldsView::refresh);
    connect(m_hasUntil, &QCheckBox::toggled, m_until, &QWidget::setEnabled);
    connect(m_table, &QTableWidget::itemSelectionChanged, this, &HoldsView::updateButtons);
    connect(m_state, &AppState::connectionChanged, this, &HoldsView::updateButtons);
    connect(m_scope, &QComboBox::currentIndexChanged, this, [this] {
        const QString kind = m_scope->currentData().toString();
        m_value->setPlaceholderText(kind == QLatin1String("user")     ? tr("e.g. 5:7")
                                    : kind == QLatin1String("family") ? tr("e.g. 6f1c2a4e-…")
                                    : kind == QLatin1String("tenant") ? tr("e.g. 5")
                                                                      : tr("64 hexadecimal digits"));
    });
    m_status->setText(tr("Rows a hold matches are kept by every purge of this app until it is released."));
    updateButtons();
}

void HoldsView::setupLayout()
{
    auto *form = new QFormLayout;
    auto *scopeRow = new QHBoxLayout;
    scopeRow->addWidget(m_scope);
    scopeRow->addWidget(m_value, 1);
    form->addRow(tr("Scope:"), scopeRow);
    form->addRow(tr("&Reason:"), m_reason);
    auto *untilRow = new QHBoxLayout;
    untilRow->addWidget(m_hasUntil);
    untilRow->addWidget(m_until);
    untilRow->addStretch(1);
    untilRow->addWidget(m_add);
    form->addRow(QString(), untilRow);
    auto *buttons = new QHBoxLayout;
    buttons->addWidget(m_status, 1);
    buttons->addWidget(m_reload);
    buttons->addWidget(m_release);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_table, 1);
}

QString HoldsView::statusText() const
{
    return m_status->text();
}

bool HoldsView::isBusy() const
{
    return m_list.isActive() || m_adding.isActive() || m_releasing.isActive();
}

void HoldsView::setForm(const QString &scopeKind, const QString &value, const QString &reason)
{
    m_scope->setCurrentIndex(qMax(0, m_scope->findData(scopeKind)));
    m_value->setText(value);
    m_reason->setText(reason);
}

void HoldsView::updateButtons()
{
    const bool connected = m_state->isConnected();
    const int row = m_table->currentRow();
    const bool releasable = row >= 0 && row < m_holds.size() && m_holds.at(row).releasedUtc.isEmpty();
    m_add->setEnabled(connected && !isBusy());
    m_reload->setEnabled(connected && !isBusy());
    m_release->setEnabled(connected && !isBusy() && releasable);
}

void HoldsView::failed(const QString &what, const DbFailure &failure)
{
    m_status->setText(Display::statusSymbol(Display::Status::Failed) + u' ' + what.arg(failure.reason()));
    updateButtons();
}

void HoldsView::refresh()
{
    if (!m_state->isConnected())
        return;
    m_list = m_state->session()->listHolds();
    m_list
        .onSucceeded(this,
                     [this](const QList<LegalHold> &holds) {
                         showHolds(holds);
                         emit holdsLoaded(true);
                     })
        .onFailed(this, [this](const DbFailure &f) {
            failed(tr("Could not read the holds: %1"), f);
            emit holdsLoaded(false);
        });
    updateButtons();
}

void HoldsView::addHold()
{
    HoldScope scope;
    QString why;
    const QString kind = m_scope->currentData().toString();
    if (!HoldScope::parse(kind, m_value->text(), &scope, &why)) {
        m_status->setText(Display::statusSymbol(Display::Status::Warning) + u' ' + why);
        return;
    }
    const QString reason = m_reason->text().trimmed();
    if (reason.isEmpty()) {
        m_status->setText(Display::statusSymbol(Display::Status::Warning) + u' ' +
                          tr("Say why: the incident or ticket the hold is for."));
        return;
    }
    const QString until =
        m_hasUntil->isChecked() ? m_until->dateTime().toUTC().toString(Qt::ISODate) : QString();
    m_adding = m_state->session()->addHold(scope, reason, until);
    m_adding
        .onSucceeded(this,
                     [this, scope](qint64 id) {
                         m_status->setText(Display::statusSymbol(Display::Status::Ok) + u' ' +
                                           tr("Hold #%1 added: no purge removes the rows of %2.")
                                               .arg(id)
                                               .arg(scope.describe(false)));
                         m_value->clear();
                         refresh();
                     })
        .onFailed(this, [this](const DbFailure &f) { failed(tr("Could not add the hold: %1"), f); });
    updateButtons();
}

void HoldsView::releaseSelected()
{
    const int row = m_table->currentRow();
    if (row < 0 || row >= m_holds.size())
        return;
    const qint64 id = m_holds.at(row).id;
    m_releasing = m_state->session()->releaseHold(id);
    m_releasing
        .onSucceeded(this,
                     [this, id](bool released) {
                         m_status->setText(released ? tr("Hold #%1 released (recorded, not deleted).").arg(id)
                                                    : tr("Hold #%1 was released before.").arg(id));
                         refresh();
                     })
        .onFailed(this, [this](const DbFailure &f) { failed(tr("Could not release the hold: %1"), f); });
    updateButtons();
}

void HoldsView::showHolds(const QList<LegalHold> &holds)
{
    m_holds = holds;
    m_table->setRowCount(int(holds.size()));
    for (int r = 0; r < holds.size(); ++r) {
        const LegalHold &h = holds.at(r);
        const QString state = !h.releasedUtc.isEmpty() ? tr("released")
                              : h.active               ? tr("active")
                                                       : tr("expired");
        const QString who = h.osUser.isEmpty() ? h.createdBy : tr("%1 (%2)").arg(h.createdBy, h.osUser);
        const QStringList cells = {
            QString::number(h.id),
            state,
            h.scope.describe(false),
            h.reason,
            tr("%1\nby %2").arg(Display::timestamp(h.createdUtc), who),
            h.untilUtc.isEmpty() ? tr("until released") : Display::timestamp(h.untilUtc),
            h.releasedUtc.isEmpty() ? QString()
                                    : tr("%1\nby %2").arg(Display::timestamp(h.releasedUtc), h.releasedBy)};
        for (int c = 0; c < ColumnCount; ++c)
            m_table->setItem(r, c, new QTableWidgetItem(cells.at(c)));
    }
    if (holds.isEmpty())
        m_status->setText(tr("No legal holds in this database."));
    updateButtons();
}

} // namespace purga
