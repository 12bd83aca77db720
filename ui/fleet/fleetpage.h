#pragma once

// The Fleet page: every saved profile carrying the tags typed, one row per server. "Check fleet"
// asks every server at once (up to the connections cap), each on its own connection in a process of
// its own (core/fleet/fleetrunner.h), and the table fills as the answers arrive; the totals per
// rule and the drift between servers follow. "Purge fleet…" needs that check: it restates it in the
// one-server purge's confirmation (ui/common/purgeconfirmdialog.h, its fleet form: the servers in
// order, their counts, the canary wave and the failure budget; the tags typed when a production
// profile is among them) and purges server after server (the cap, the canary wave and the failure
// budget of `fleet purge`), each by the one-server purge with the options confirmed.
// Nothing here runs SQL: the page starts the CLI's own commands and reads their JSON.
#include "core/fleet/fleetrunner.h"

#include <QIcon>
#include <QWidget>

#include <functional>

class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableView;

namespace purga {

class FleetModel;
class WrapLabel;
struct PurgeRequest;

class FleetPage : public QWidget
{
    Q_OBJECT
public:
    explicit FleetPage(QWidget *parent = nullptr);

    void setSwatch(const std::function<QIcon(ProfileEnvironment)> &swatch);
    // Types the tags and checks the fleet (the startup's --fleet-tag, tests).
    void checkFleet(const QStringList &tags);
    bool isRunning() const { return m_runner && m_runner->isRunning(); }
    FleetModel *model() const { return m_model; }
    QString summaryText() const;

signals:
    void fleetFinished();

private:
    void setupWidgets();
    void setupLayout();
    void connectSignals();
    void startStatus();
    void startPurge();
    static QStringList purgeArgs(const FleetMember &member, const PurgeRequest &request);
    void run(const QList<FleetMember> &members, const FleetRunner::ArgsFor &args,
             const FleetRunOptions &options);
    void onFinished();
    void showColumns(const QStringList &purgedRules);
    QStringList tags() const;
    void updateButtons();

    FleetModel *m_model;
    FleetRunner *m_runner = nullptr;
    bool m_purging = false;
    QList<FleetServerResult> m_checked; // the last check's rows, until a purge consumes them
    QString m_checkedAtUtc;
    QStringList m_purgeRules; // of the purge running or last run
    QLineEdit *m_tags;
    QSpinBox *m_connections;
    QPushButton *m_check;
    QComboBox *m_rule;
    QSpinBox *m_concurrency;
    QSpinBox *m_canary;
    QSpinBox *m_maxFailures;
    QPushButton *m_purge;
    QPushButton *m_stop;
    QTableView *m_table;
    QLabel *m_members;
    WrapLabel *m_summary;
};

} // namespace purga
