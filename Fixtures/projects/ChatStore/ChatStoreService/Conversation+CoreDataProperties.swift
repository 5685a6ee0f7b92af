//
//  Conversation+CoreDataProperties.swift
//

import Foundation
import CoreData


extension Conversation {

    @nonobjc public class func fetchRequest() -> NSFetchRequest<Conversation> {
        return NSFetchRequest<Conversation>(entityName: "Conversation")
    }

    @NSManaged public var id: String?
    @NSManaged public var title: String? // shown as the notification's title
    @NSManaged public var unreadCount: Int32
    @NSManaged public var updatedAt: Date?

}

extension Conversation : Identifiable {

}
