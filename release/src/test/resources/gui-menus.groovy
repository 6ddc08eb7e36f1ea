// Run by a GUI JMeter at start (-Jjsr223.init.file=gui-menus.groovy; JMeter runs it once its window is being made):
// when the main window shows, writes every item of the Add menus JMeter builds for the Samplers, Config Elements and
// Timers (MenuFactory, as the tree's right-click > Add shows them) to the file in property gui_menus_out, one
// "category<TAB>label" per line; adds a Dubbo Defaults to the Test Plan, selects it and fires JMeter's Help; writes a
// screenshot of the thread group's Add > Sampler menu to gui_menus_png when that is set; then ends JMeter.
// Groovy as JMeter 5.1.1 (2.4) and 5.6.3 (3.0) both run it.
import java.awt.Robot
import java.awt.event.ActionEvent
import javax.imageio.ImageIO
import javax.swing.JMenu
import javax.swing.JPopupMenu
import javax.swing.MenuElement
import javax.swing.MenuSelectionManager
import javax.swing.SwingUtilities
import javax.swing.tree.TreePath
import org.apache.jmeter.gui.GuiPackage
import org.apache.jmeter.gui.action.ActionNames
import org.apache.jmeter.gui.action.ActionRouter
import org.apache.jmeter.gui.util.MenuFactory

def out = new File(props.getProperty('gui_menus_out'))
def png = props.getProperty('gui_menus_png')
def probeLog = log
Thread.start {
    try {
        long deadline = System.currentTimeMillis() + 600000L
        def frame = null
        while (System.currentTimeMillis() < deadline) {
            def gui = GuiPackage.getInstance()
            frame = gui == null ? null : gui.getMainFrame()
            if (frame != null && frame.isShowing()) {
                break
            }
            Thread.sleep(200)
        }
        List<String> lines = []
        SwingUtilities.invokeAndWait({
            ['samplers': MenuFactory.SAMPLERS, 'config': MenuFactory.CONFIG_ELEMENTS, 'timers': MenuFactory.TIMERS].each { name, category ->
                JMenu menu = MenuFactory.makeMenu(category, ActionNames.ADD)
                for (int i = 0; i < menu.getItemCount(); i++) {
                    def item = menu.getItem(i)
                    if (item != null) {
                        lines.add(name + '\t' + item.getText())
                    }
                }
            }
        } as Runnable)
        if (png != null && !png.isEmpty()) {
            // the thread group's right-click menu, opened at Add > Sampler, as a user sees it
            SwingUtilities.invokeAndWait({ frame.setSize(1100, 760) } as Runnable)
            Thread.sleep(1000)
            SwingUtilities.invokeAndWait({
                JPopupMenu popup = MenuFactory.getDefaultControllerMenu()
                popup.show(frame.getContentPane(), 40, 20)
                JMenu add = (JMenu) popup.getComponents().find { it instanceof JMenu }
                JMenu samplers = (JMenu) add.getMenuComponents().find { it instanceof JMenu && it.getText() == 'Sampler' }
                MenuSelectionManager.defaultManager().setSelectedPath([popup, add, add.getPopupMenu(), samplers,
                    samplers.getPopupMenu()] as MenuElement[])
                probeLog.info('gui-menus: popup shown ' + popup.isShowing() + ', samplers ' + samplers.getPopupMenu().isShowing())
            } as Runnable)
            Thread.sleep(2000)
            ImageIO.write(new Robot().createScreenCapture(frame.getBounds()), 'png', new File(png))
        }
        // JMeter's Help on one of our elements (a Dubbo Defaults added to the Test Plan and selected): which page
        // opens is in jmeter.log (DocsHelp's line, or JMeter's own OpenLinkAction on component_reference.html)
        SwingUtilities.invokeAndWait({
            MenuSelectionManager.defaultManager().clearSelectedPath()
            def gui = GuiPackage.getInstance()
            def element = gui.createTestElement('io.dubbostress.sampler.config.gui.DubboDefaultsGui')
            element.setName('Dubbo Defaults')
            def testPlan = gui.getTreeModel().getRoot().getChildAt(0)
            def node = gui.getTreeModel().addComponent(element, testPlan)
            gui.getTreeListener().getJTree().setSelectionPath(new TreePath(node.getPath()))
        } as Runnable)
        Thread.sleep(1000)
        SwingUtilities.invokeLater({
            ActionRouter.getInstance().doActionNow(new ActionEvent(frame, ActionEvent.ACTION_PERFORMED, ActionNames.HELP))
        } as Runnable)
        // queued behind the Help: runs once it has opened a browser, or once its dialog (modal, no browser here) shows
        SwingUtilities.invokeAndWait({} as Runnable)
        probeLog.info('gui-menus: Help fired on Dubbo Defaults')
        def partial = new File(out.getPath() + '.part')
        partial.text = lines.join('\n') + '\n'
        partial.renameTo(out)
        probeLog.info('gui-menus: ' + lines.size() + ' menu items written to ' + out)
    } catch (Throwable t) {
        probeLog.error('gui-menus failed', t)
        new File(out.getPath() + '.error').text = String.valueOf(t)
    } finally {
        System.exit(0)
    }
}
