// The Fleet page against the four real servers of the fleet tests (support/fleetservers.h: stopped,
// behind pgbouncer in transaction mode, lock held by a "job" session, healthy production), through
// the real purga-sesiones-cli the page starts for each server. Checked: the check fills one row per
// server with its reachability, verdict, pooler, lock holder and counts, and the totals; a server
// that hangs (its postmaster stopped with SIGSTOP) does not hold up the others' rows; "Purge fleet…"
// goes through the one-server purge's confirmation, restating the servers in order with what the
// check found and the canary and failure budget, asks for the tags typed (a production server is
// among them), and ends with each server's outcome in the table, nothing outside the rule deleted.
// PURGA_UI_SHOTS=DIR also shoots the page at 1024×768, English and Spanish, light and dark.
#include "core/profiles/profilestore.h"
#include "support/bouncersandbox.h"
#include "support/fleetservers.h"
#include "support/guitest.h"
#include "support/keyringsandbox.h"
#include "support/pgsandbox.h"
#include "support/purgefixtures.h"
#include "ui/common/purgeconfirmdialog.h"
#include "ui/fleet/fleetmodel.h"
#include "ui/fleet/fleetpage.h"
#include "ui/startup/startupoptions.h"
#include "ui/style/displayformat.h"
#include "ui/style/theme.h"
#include "ui/window/mainwindow.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

#include <csignal>
#include <functional>
#include <memory>
#include <sys/types.h>

using namespace purga;
using namespace purga::test;

namespace {

const QStringList kTags{QStringLiteral("fleet"), QStringLiteral("region:eu")};
const QStringList kOrder{QStringLiteral("a-stopped"), QStringLiteral("b-pooled"), QStringLiteral("c-locked"),
                         QStringLiteral("d-healthy")};

QString cell(const FleetModel *model, int row, int column)
{
    return model->data(model->index(row, column)).toString();
}

int rowOf(const FleetModel *model, const QString &profile)
{
    for (int r = 0; r < model->rowCount(); ++r)
        if (model->result(r).member.profile == profile)
            return r;
    return -1;
}

// Rows the refresh-token rule removes now, counted from its wording (not from Rules::predicate).
qint64 removableRefresh(TestDatabase &db)
{
    const QString cutoff =
        db.scalar(QStringLiteral("SELECT to_char((now() - interval '30 days') AT TIME ZONE 'UTC', "
                                 "'YYYY-MM-DD HH24:MI:SS') || '+00'"))
            .toString();
    return db
        .scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_refresh_tokens t WHERE %1")
                    .arg(eligibleWhere(kRefresh, cutoff)))
        .toLongLong();
}

qint64 number(const QString &text)
{
    QString digits;
    for (const QChar c : text)
        if (c.isDigit())
            digits += c;
        else if (!digits.isEmpty() && c != u',' && c != u'.' && c != QChar(0x202f) && c != QChar(0xa0))
            break;
    return digits.toLongLong();
}

// Answers the next modal PurgeConfirmDialog with `answer` (run while the dialog is open).
class DialogAnswer : public QObject
{
public:
    explicit DialogAnswer(std::function<void(PurgeConfirmDialog *)> answer)
        : m_answer(std::move(answer))
    {
        connect(&m_poll, &QTimer::timeout, this, [this] {
            auto *dialog = qobject_cast<PurgeConfirmDialog *>(QApplication::activeModalWidget());
            if (!dialog || m_seen)
                return;
            m_seen = true;
            m_answer(dialog);
            if (dialog->isVisible())
                dialog->reject(); // an answer that did not close it (a failed check) cancels
        });
        m_poll.start(50);
    }
    bool seen() const { return m_seen; }

private:
    std::function<void(PurgeConfirmDialog *)> m_answer;
    QTimer m_poll;
    bool m_seen = false;
};

} // namespace

class TestFleetPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void checkFillsOneRowPerServer();
    void hungServerDoesNotDelayTheOthers();
    void purgeGoesThroughTheConfirmation();
    void spanishWindowGetsSpanishServers(); // the Spanish catalogue stays installed from here on
    void screenshots();

private:
    bool checkFleet(FleetPage &page);
    void checkConfirmation(PurgeConfirmDialog *dialog);
    void shootWindow(const QString &name);

    SandboxInfo m_sandbox;
    BouncerPorts m_ports;
    QTemporaryDir m_home;
    std::unique_ptr<FleetServers> m_fleet;
};

// The profiles live in m_home/config: the CLI the page starts reads them there (XDG_CONFIG_HOME),
// and so does this process's ProfileStore (QSettings' user path).
void TestFleetPage::initTestCase()
{
    PURGA_REQUIRE_SANDBOX(m_sandbox);
    PURGA_REQUIRE_BOUNCER(m_ports);
    PURGA_REQUIRE_KEYRING();
    const QString cli = qEnvironmentVariable("PURGA_CLI");
    QVERIFY2(QFileInfo::exists(cli), "PURGA_CLI must name the built purga-sesiones-cli (run through ctest)");
    QVERIFY(m_home.isValid());
    const QString config = m_home.path() + QStringLiteral("/config");
    QSettings::setPath(QSettings::NativeFormat, QSettings::UserScope, config);
    qputenv("XDG_CONFIG_HOME", config.toUtf8());
    qputenv("PGPASSFILE", "/nonexistent/pgpass");
    qunsetenv("PGSERVICE");
    m_fleet = std::make_unique<FleetServers>(m_sandbox, cli, m_home.path());
    QString why;
    QVERIFY2(m_fleet->setUp(m_ports.transaction, &why), qPrintable(why));
    qputenv("PGPASSWORD", m_fleet->password.toUtf8()); // the shared cluster's, for every server
    QVERIFY(m_fleet->healthy->exec(preSeedSql(200)));  // another rule's rows, which a refresh purge keeps
}

void TestFleetPage::cleanupTestCase()
{
    m_fleet.reset();
}

void TestFleetPage::init()
{
    QString why;
    QVERIFY2(m_fleet->reseed(&why), qPrintable(why));
}

bool TestFleetPage::checkFleet(FleetPage &page)
{
    QSignalSpy done(&page, &FleetPage::fleetFinished);
    page.checkFleet(kTags);
    return done.wait(120000);
}

void TestFleetPage::checkFillsOneRowPerServer()
{
    const qint64 before = FleetServers::refreshCount(*m_fleet->healthy);
    FleetPage page;
    page.resize(1000, 600);
    page.show();
    QVERIFY(checkFleet(page));
    const FleetModel *model = page.model();
    QCOMPARE(model->rowCount(), 4);
    for (int r = 0; r < 4; ++r)
        QCOMPARE(cell(model, r, FleetModel::Server), kOrder.at(r));
    QCOMPARE(cell(model, 0, FleetModel::Outcome), QStringLiteral("unreachable"));
    // Why, in words, where the verdict would be (in view at 1024 px), and not again at the far right.
    const QString why = cell(model, 0, FleetModel::Verdict);
    QVERIFY2(why.contains(QStringLiteral("Cannot reach the server")) &&
                 !why.startsWith(QStringLiteral("purga-")),
             qPrintable(why));
    QVERIFY(cell(model, 0, FleetModel::Detail).isEmpty());
    QCOMPARE(cell(model, 1, FleetModel::Outcome), QStringLiteral("refused"));
    QCOMPARE(cell(model, 1, FleetModel::Pooler), QStringLiteral("transaction"));
    const QString pooledVerdict = cell(model, 1, FleetModel::Verdict);
    QVERIFY2(!pooledVerdict.isEmpty() && pooledVerdict != QStringLiteral("may purge"),
             qPrintable(pooledVerdict));
    QCOMPARE(cell(model, 2, FleetModel::Outcome), QStringLiteral("ok"));
    QVERIFY2(cell(model, 2, FleetModel::Lock).contains(QStringLiteral("purga_job")),
             qPrintable(cell(model, 2, FleetModel::Lock)));
    QCOMPARE(cell(model, 3, FleetModel::Outcome), QStringLiteral("ok"));
    QCOMPARE(cell(model, 3, FleetModel::Lock), QStringLiteral("free"));
    QCOMPARE(cell(model, 3, FleetModel::Verdict), QStringLiteral("may purge"));
    // Each server's count is its own database's; the total is their sum.
    qint64 sum = 0;
    const QList<TestDatabase *> dbs{m_fleet->stopped.get(), m_fleet->pooled.get(), m_fleet->locked.get(),
                                    m_fleet->healthy.get()};
    for (int r = 1; r < 4; ++r) {
        const QString text = cell(model, r, FleetModel::Refresh);
        if (r >= 2)
            QVERIFY2(!text.isEmpty(), qPrintable(kOrder.at(r)));
        if (!text.isEmpty())
            QCOMPARE(number(text), removableRefresh(*dbs.at(r)));
        sum += number(text);
    }
    QVERIFY(sum > 0);
    const QString summary = page.summaryText();
    QVERIFY2(summary.contains(QStringLiteral("2 of 4 server(s) ended ok")), qPrintable(summary));
    QVERIFY2(summary.contains(QStringLiteral("Refresh tokens ") + QLocale().toString(sum)),
             qPrintable(summary));
    QCOMPARE(FleetServers::refreshCount(*m_fleet->healthy), before); // a check deletes nothing
    shoot(&page, QStringLiteral("fleet-status"));
}

// A server that accepts TCP and never answers (its postmaster stopped) holds only its own row: the
// others are filled while it still runs, and it ends unreachable at its own connect timeout.
void TestFleetPage::hungServerDoesNotDelayTheOthers()
{
    ProfileStore store;
    std::optional<ConnectionProfile> hung = store.load(QStringLiteral("a-stopped"));
    QVERIFY(hung);
    hung->connectTimeoutSec = 20; // the others have that long to answer, however loaded the machine
    QVERIFY(store.save(*hung));
    QString why;
    QVERIFY2(m_fleet->own->startServer(&why), qPrintable(why));
    const qint64 pid = m_fleet->own->postmasterPid(&why);
    // Whatever happens below: the postmaster resumes, the cluster stops again, the timeout is 5 s.
    const std::shared_ptr<void> restore(nullptr, [&](void *) {
        if (pid > 0)
            ::kill(pid_t(pid), SIGCONT);
        QString ignored;
        m_fleet->own->stopServer(&ignored);
        hung->connectTimeoutSec = 5;
        store.save(*hung);
    });
    QVERIFY2(pid > 0, qPrintable(why));
    QVERIFY(::kill(pid_t(pid), SIGSTOP) == 0);
    FleetPage page;
    QMap<int, qint64> answeredMs;
    QElapsedTimer clock;
    connect(page.model(), &QAbstractItemModel::dataChanged, this, [&](const QModelIndex &from) {
        if (page.model()->result(from.row()).ran() && !answeredMs.contains(from.row()))
            answeredMs.insert(from.row(), clock.elapsed());
    });
    clock.start();
    QVERIFY(checkFleet(page));
    const FleetModel *model = page.model();
    QCOMPARE(answeredMs.size(), 4);
    QCOMPARE(cell(model, 0, FleetModel::Outcome), QStringLiteral("unreachable"));
    QVERIFY2(answeredMs.value(0) >= 15000, qPrintable(QString::number(answeredMs.value(0))));
    for (int r = 1; r < 4; ++r)
        QVERIFY2(answeredMs.value(r) < answeredMs.value(0),
                 qPrintable(QStringLiteral("%1 answered at %2 ms, the hung server at %3 ms")
                                .arg(kOrder.at(r))
                                .arg(answeredMs.value(r))
                                .arg(answeredMs.value(0))));
    QCOMPARE(cell(model, 1, FleetModel::Outcome), QStringLiteral("refused"));
    QCOMPARE(cell(model, 3, FleetModel::Outcome), QStringLiteral("ok"));
}

// What the DBA reads before confirming: every server in order with what the check found, the caps,
// the rule's total, and the tags to type because a production server is among them.
void TestFleetPage::checkConfirmation(PurgeConfirmDialog *dialog)
{
    shoot(dialog, QStringLiteral("fleet-purge-confirm"));
    QVERIFY(dialog->isFleet());
    auto *list = dialog->findChild<QPlainTextEdit *>(QStringLiteral("fleetServerList"));
    QVERIFY(list);
    const QString all = list->toPlainText();
    // Each server's block: from "N. name" to the next server's.
    QStringList blocks;
    for (int i = 0; i < kOrder.size(); ++i) {
        const QString head = QStringLiteral("%1. %2 — ").arg(i + 1).arg(kOrder.at(i));
        const qsizetype from = all.indexOf(head);
        QVERIFY2(from >= 0, qPrintable(head + QStringLiteral(" not in:\n") + all));
        const qsizetype to =
            i + 1 < kOrder.size() ? all.indexOf(QStringLiteral("\n%1. ").arg(i + 2)) : all.size();
        QVERIFY2(to > from, qPrintable(kOrder.at(i) + QStringLiteral(" out of order:\n") + all));
        blocks << all.mid(from, to - from);
    }
    const auto text = [&blocks](const QString &name) { return blocks.at(kOrder.indexOf(name)); };
    QVERIFY2(text(QStringLiteral("a-stopped")).contains(QStringLiteral("unreachable at the check")),
             qPrintable(text(QStringLiteral("a-stopped"))));
    QVERIFY2(text(QStringLiteral("b-pooled")).contains(QStringLiteral("refused by the checks")),
             qPrintable(text(QStringLiteral("b-pooled"))));
    QVERIFY2(text(QStringLiteral("c-locked")).contains(QStringLiteral("purge lock held by")) &&
                 text(QStringLiteral("c-locked")).contains(QStringLiteral("purga_job")),
             qPrintable(text(QStringLiteral("c-locked"))));
    const QString healthy = text(QStringLiteral("d-healthy"));
    const QString removable = QLocale().toString(removableRefresh(*m_fleet->healthy));
    QVERIFY2(healthy.contains(QStringLiteral("PRODUCTION")) &&
                 healthy.contains(QStringLiteral("Refresh tokens: ") + removable + QStringLiteral(" rows")) &&
                 !healthy.contains(Display::statusSymbol(Display::Status::Warning)),
             qPrintable(healthy));
    const QString run = dialog->findChild<QLabel *>(QStringLiteral("fleetRun"))->text();
    QVERIFY2(run.contains(QStringLiteral("at once: 1")) && run.contains(QStringLiteral("No canary")) &&
                 run.contains(QStringLiteral("After 10 server(s)")),
             qPrintable(run));
    QCheckBox *rule = dialog->ruleCheck(kRefresh);
    QVERIFY(rule && rule->isChecked());
    QVERIFY2(rule->text().contains(removable), qPrintable(rule->text()));
    QVERIFY(!dialog->ruleCheck(kPre)); // only the rule asked for
    QVERIFY(dialog->batchSizeSpin() && dialog->parallelSpin());
    QVERIFY(dialog->needsTypedConfirmation());
    QVERIFY(!dialog->purgeButton()->isEnabled());
    dialog->confirmEdit()->setText(QStringLiteral("fleet"));
    QVERIFY(!dialog->purgeButton()->isEnabled());
    dialog->confirmEdit()->setText(kTags.join(u' '));
    QVERIFY(dialog->purgeButton()->isEnabled());
    dialog->purgeButton()->click();
}

void TestFleetPage::purgeGoesThroughTheConfirmation()
{
    TestDatabase &healthy = *m_fleet->healthy;
    const qint64 lockedBefore = FleetServers::refreshCount(*m_fleet->locked);
    const qint64 pooledBefore = FleetServers::refreshCount(*m_fleet->pooled);
    const qint64 preBefore =
        healthy.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens")).toLongLong();
    const qint64 expected = removableRefresh(healthy);
    const qint64 healthyBefore = FleetServers::refreshCount(healthy);
    FleetPage page;
    page.resize(1000, 600);
    page.show();
    auto *purge = page.findChild<QPushButton *>(QStringLiteral("fleetPurge"));
    QVERIFY(purge && !purge->isEnabled()); // nothing to restate before a check
    QVERIFY(checkFleet(page));
    QVERIFY(purge->isEnabled());
    auto *rule = page.findChild<QComboBox *>(QStringLiteral("fleetRule"));
    rule->setCurrentIndex(rule->findData(kRefresh));
    page.findChild<QSpinBox *>(QStringLiteral("fleetMaxFailures"))->setValue(10);
    QSignalSpy done(&page, &FleetPage::fleetFinished);
    DialogAnswer answer([this](PurgeConfirmDialog *d) { checkConfirmation(d); });
    purge->click();
    QVERIFY(answer.seen());
    QVERIFY(!QTest::currentTestFailed());
    QVERIFY(done.wait(240000));
    const FleetModel *model = page.model();
    QCOMPARE(rowOf(model, QStringLiteral("d-healthy")), 3); // production last
    QCOMPARE(cell(model, 0, FleetModel::Outcome), QStringLiteral("unreachable"));
    QCOMPARE(cell(model, 1, FleetModel::Outcome), QStringLiteral("refused"));
    QCOMPARE(cell(model, 2, FleetModel::Outcome), QStringLiteral("lock held"));
    QCOMPARE(cell(model, 3, FleetModel::Outcome), QStringLiteral("ok"));
    QCOMPARE(number(cell(model, 3, FleetModel::Refresh)), expected);
    QVERIFY2(page.summaryText().contains(QStringLiteral("Deleted across the fleet: Refresh tokens ") +
                                         QLocale().toString(expected)),
             qPrintable(page.summaryText()));
    // Why each failed stays in view: the status columns a purge leaves empty are hidden.
    auto *table = page.findChild<QTableView *>(QStringLiteral("fleetTable"));
    QVERIFY(table->isColumnHidden(FleetModel::Lock) && table->isColumnHidden(FleetModel::Pre) &&
            !table->isColumnHidden(FleetModel::Refresh));
    QVERIFY(!cell(model, 2, FleetModel::Detail).isEmpty());
    QVERIFY(table->columnViewportPosition(FleetModel::Detail) + 100 < table->viewport()->width());
    shoot(&page, QStringLiteral("fleet-purged"));
    QCOMPARE(FleetServers::refreshCount(healthy), healthyBefore - expected);
    QCOMPARE(healthy.scalar(QStringLiteral("SELECT count(*) FROM identidad.trx_pre_tokens")).toLongLong(),
             preBefore);
    QCOMPARE(FleetServers::refreshCount(*m_fleet->locked), lockedBefore);
    QCOMPARE(FleetServers::refreshCount(*m_fleet->pooled), pooledBefore);
    const QStringList lost = m_fleet->lostKeptRows();
    QVERIFY2(lost.isEmpty(), qPrintable(lost.join(u' ')));
    QVERIFY(!purge->isEnabled()); // the check was used: another purge needs another check
}

// The page in the window at 1024×768 after a check, and its purge confirmation (cancelled).
void TestFleetPage::shootWindow(const QString &name)
{
    MainWindow w;
    w.resize(1024, 768);
    w.show();
    w.showPage(QStringLiteral("fleet"));
    QSignalSpy done(w.fleetPage(), &FleetPage::fleetFinished);
    w.fleetPage()->checkFleet(kTags);
    QVERIFY(done.wait(120000));
    QTest::qWait(100);
    shoot(&w, QStringLiteral("fleet-") + name);
    DialogAnswer answer([&](PurgeConfirmDialog *d) {
        QTest::qWait(100);
        shoot(d, QStringLiteral("fleet-confirm-") + name);
        d->reject();
    });
    w.fleetPage()->findChild<QPushButton *>(QStringLiteral("fleetPurge"))->click();
    QVERIFY(answer.seen());
}

// --lang es where the environment names no language (ctest's C locale): each server's one-server command
// speaks Spanish too (its errors and the checks' titles are its own texts), and the pooler mode is a word.
void TestFleetPage::spanishWindowGetsSpanishServers()
{
    StartupOptions options;
    options.language = QStringLiteral("es");
    options.languageExplicit = true;
    installTranslations(*qApp, options);
    MainWindow w;
    w.show();
    w.showPage(QStringLiteral("fleet"));
    QSignalSpy done(w.fleetPage(), &FleetPage::fleetFinished);
    w.fleetPage()->checkFleet(kTags);
    QVERIFY(done.wait(120000));
    const FleetModel *model = w.fleetPage()->model();
    const QString why = cell(model, 0, FleetModel::Verdict);
    QVERIFY2(!why.isEmpty() && !why.contains(QStringLiteral("Cannot reach")), qPrintable(why));
    const QString pooled = cell(model, 1, FleetModel::Verdict);
    QVERIFY2(pooled.startsWith(QStringLiteral("Conectado")), qPrintable(pooled));
    QCOMPARE(cell(model, 1, FleetModel::Pooler), QStringLiteral("transacción"));
    QCOMPARE(cell(model, 2, FleetModel::Pooler), QStringLiteral("ninguno"));
}

void TestFleetPage::screenshots()
{
    if (qEnvironmentVariableIsEmpty("PURGA_UI_SHOTS"))
        QSKIP("PURGA_UI_SHOTS is not set");
    QApplication::setStyle(QStringLiteral("Fusion"));
    const QPalette light = QApplication::style()->standardPalette();
    for (const QString &language : {QStringLiteral("en"), QStringLiteral("es")}) {
        StartupOptions options;
        options.language = language;
        options.languageExplicit = true;
        installTranslations(*qApp, options);
        QApplication::setPalette(light);
        shootWindow(language + QStringLiteral("-light"));
        QApplication::setPalette(Theme::darkPalette());
        shootWindow(language + QStringLiteral("-dark"));
        QApplication::setPalette(light);
    }
}

QTEST_MAIN(TestFleetPage)
#include "tst_fleetpage.moc"
