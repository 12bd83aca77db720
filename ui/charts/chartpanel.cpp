// ChartPanel: a chart and its data as a table, one toggle apart.
#include "chartpanel.h"

#include <QChart>
#include <QChartView>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QTableWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace purga {

ChartPanel::ChartPanel(const QString &objectName, const QString &title, QWidget *parent)
    : QWidget(parent)
    , m_view(HistoryCharts::makeView(title))
    , m_toggle(new QToolButton(this))
    , m_table(new QTableWidget(this))
{
    setObjectName(objectName);
    m_view->setParent(this);
    m_view->setObjectName(objectName + QStringLiteral("View"));
    m_toggle->setObjectName(objectName + QStringLiteral("TableToggle"));
    m_toggle->setCheckable(true);
    m_toggle->setText(tr("Show as table"));
    m_toggle->setAccessibleName(tr("Show %1 as a table").arg(title));
    m_table->setObjectName(objectName + QStringLiteral("Table"));
    m_table->setAccessibleName(tr("%1, as a table").arg(title));
    m_table->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_table->verticalHeader()->setVisible(false);
    m_table->setMinimumHeight(160);
    m_table->setVisible(false);
    connect(m_toggle, &QToolButton::toggled, this, [this](bool on) {
        m_table->setVisible(on);
        m_toggle->setText(on ? tr("Hide table") : tr("Show as table"));
    });
    auto *bar = new QHBoxLayout;
    bar->addStretch();
    bar->addWidget(m_toggle);
    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_view);
    layout->addLayout(bar);
    layout->addWidget(m_table);
}

QChart *ChartPanel::chart() const
{
    return m_view->chart();
}

void ChartPanel::setTable(const HistoryCharts::Table &data)
{
    const QString title = chart()->title();
    m_view->setAccessibleName(title);
    m_view->setAccessibleDescription(
        tr("%n row(s) of data; \"Show as table\" below lists them.", nullptr, int(data.rows.size())));
    m_table->setAccessibleName(tr("%1, as a table").arg(title));
    m_table->setUpdatesEnabled(false);
    m_table->clear();
    m_table->setColumnCount(int(data.header.size()));
    m_table->setHorizontalHeaderLabels(data.header);
    m_table->setRowCount(int(data.rows.size()));
    for (int r = 0; r < data.rows.size(); ++r)
        for (int c = 0; c < data.rows.at(r).size(); ++c) {
            auto *item = new QTableWidgetItem(data.rows.at(r).at(c));
            if (c > 0)
                item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
            m_table->setItem(r, c, item);
        }
    m_table->resizeColumnsToContents();
    m_table->setUpdatesEnabled(true);
}

} // namespace purga
